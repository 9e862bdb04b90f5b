import type { ServerResponse } from "node:http";
import { llmsRoutes, llmsVariants } from "./llms-routes";
import type { Route } from "./routes";

/**
 * Pages for the Lighthouse 13.5 comparison (test/lighthouse/): each is a good page with one rule of issue 16 broken
 * or bent, so the audit under test decides it and every other mirrored audit passes. `expect` is what Lighthouse
 * says of the audit the page is built for (the comparison checks it, so a page that stops testing its rule fails).
 */
export interface LighthousePage {
  lang?: string;
  head?: string;
  body?: string;
  expect: Record<string, "pass" | "fail" | "notApplicable">;
}

const description = '<meta name="description" content="A page built to compare our verdicts with Lighthouse 13.5, one rule at a time.">';

export function renderLighthousePage(page: Omit<LighthousePage, "expect">, canonical: string | null = null) {
  const lang = page.lang === undefined ? ' lang="en"' : page.lang === "" ? "" : ` lang="${page.lang}"`;
  return [
    `<!doctype html><html${lang}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    "<title>Lighthouse comparison page</title>",
    page.head ?? description,
    canonical ? `<link rel="canonical" href="${canonical}">` : "",
    "</head><body><h1>Lighthouse comparison</h1>",
    page.body ?? '<p>Read the <a href="/about">page about the comparison</a>.</p>',
    "</body></html>",
  ].join("");
}

export const lighthousePages: Record<string, LighthousePage> = {
  good: { expect: { "meta-description": "pass", "link-text": "pass", "crawlable-anchors": "pass", canonical: "notApplicable" } },
  // How a page is read: the head ends at the first body element, and metadata after it is ignored.
  "head-iframe-before-description": { head: `<iframe src="about:blank"></iframe>${description}`, expect: { "meta-description": "fail" } },
  "head-img-before-description": { head: `<img src="/px.gif" alt="">${description}`, expect: { "meta-description": "fail" } },
  "head-text-before-description": { head: `stray text${description}`, expect: { "meta-description": "fail" } },
  "head-script-before-description": { head: `<script>var x = 1;</script><noscript><style>p{}</style></noscript>${description}`, expect: { "meta-description": "pass" } },
  // meta_description: only the head's first description counts (meta_description_single judges the others).
  "description-first-full-second-empty": { head: `${description}<meta name="description" content="">`, expect: { "meta-description": "pass" } },
  "description-first-empty-second-full": { head: `<meta name="DESCRIPTION" content="">${description}`, expect: { "meta-description": "fail" } },
  "head-iframe-before-canonical": { head: `${description}<iframe src="about:blank"></iframe><link rel="canonical" href="/relative">`, expect: { canonical: "notApplicable" } },
  "noscript-pixel": { body: '<p>Text.</p><noscript><img src="/px.gif" width="1" height="1"></noscript>', expect: { "image-alt": "notApplicable" } },
  "template-image": { body: '<p>Text.</p><template><img src="/px.gif"></template>', expect: { "image-alt": "notApplicable" } },
  "img-without-alt": { body: '<p>Text.</p><img src="/px.gif">', expect: { "image-alt": "fail" } },
  // crawlable_anchors: 13.5's placeholder rule.
  "anchor-placeholder": { body: "<p><a>placeholder</a> and <a class=\"x\" id=\"\">another</a></p>", expect: { "crawlable-anchors": "pass" } },
  "anchor-onclick": { body: '<p><a onclick="go()">go somewhere</a></p>', expect: { "crawlable-anchors": "fail" } },
  "anchor-target-no-href": { body: '<p><a target="_blank">new tab</a></p>', expect: { "crawlable-anchors": "fail" } },
  "anchor-javascript-void": { body: '<p><a href="javascript:void(0)">nothing</a> <a href="javascript:;">fine</a></p>', expect: { "crawlable-anchors": "fail" } },
  "anchor-empty-href": { body: '<p><a href="">this page</a> <a href="  ">again</a></p>', expect: { "crawlable-anchors": "pass" } },
  // link_text: the list of the link's language.
  "link-text-en": { body: '<p><a href="/more">click here</a></p>', expect: { "link-text": "fail" } },
  "link-text-de-page-english-text": { lang: "de", body: '<p><a href="/more">click here</a></p>', expect: { "link-text": "pass" } },
  "link-text-de-in-en": { body: '<p lang="de"><a href="/more">hier</a></p>', expect: { "link-text": "fail" } },
  "link-text-no-lang": { lang: "", body: '<p><a href="/more">hier</a></p>', expect: { "link-text": "fail" } },
  "link-text-fr": { lang: "fr", body: '<p><a href="/more">click here</a></p>', expect: { "link-text": "pass" } },
  "link-text-upper-lang": { lang: "EN-US", body: '<p><a href="/more">click here</a></p>', expect: { "link-text": "pass" } },
  "link-text-inner-lang": { lang: "fr", body: '<p><a href="/more"><span lang="en">click here</span></a></p>', expect: { "link-text": "fail" } },
  // canonical: invalid and relative both fail, for different reasons.
  "canonical-relative": { head: `${description}<link rel="canonical" href="/relative">`, expect: { canonical: "fail" } },
  "canonical-invalid": { head: `${description}<link rel="canonical" href="http://[bad">`, expect: { canonical: "fail" } },
  "canonical-absolute": { head: `${description}<link rel="canonical" href="PLACEHOLDER_SELF">`, expect: { canonical: "pass" } },
};

function html(res: ServerResponse, body: string) {
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(body);
}

const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Shared by every origin of the comparison: a robots.txt that allows all, the 1-pixel image, the linked pages. */
const common: [string, Route][] = [
  ["/robots.txt", (_req, res) => (res.setHeader("content-type", "text/plain"), res.end("User-agent: *\nAllow: /\n"))],
  ["/px.gif", (_req, res) => (res.setHeader("content-type", "image/gif"), res.end(gif))],
];

/**
 * The origin of the rule pages: `/lh/<name>`. Its catch-all answers `/llms.txt` with an HTML page, as a single-page
 * app's does, so llms-txt fails on every rule page, in Lighthouse and here.
 */
export const lighthousePageRoutes: [string, Route][] = [
  ...common,
  [
    "/lh/",
    (req, res, path) => {
      const page = lighthousePages[path.slice("/lh/".length)];
      if (!page) return html(res.writeHead(404), "<!doctype html><title>Not found</title>");
      const self = `http://${req.headers.host}${path}`;
      html(res, renderLighthousePage({ ...page, head: page.head?.replace("PLACEHOLDER_SELF", self) }));
    },
  ],
  ["/", (_req, res) => html(res, renderLighthousePage({}))],
];

/** Lighthouse's verdict on llms-txt for each llms.txt answer (docs/analysis.md), checked by the comparison. */
export const llmsExpected: Record<keyof typeof llmsVariants, "pass" | "fail" | "notApplicable"> = {
  good: "pass",
  "too-short": "fail",
  "no-h1": "fail",
  "no-link": "fail",
  "split-link": "fail",
  "h1-late": "pass",
  empty: "fail",
  spa: "fail",
  "404": "notApplicable",
  "403": "notApplicable",
  "500": "fail",
  "503": "fail",
  slow: "fail",
  "redirect-good": "pass",
  "redirect-404": "notApplicable",
  huge: "pass",
};

/** An origin whose /llms.txt is the variant `name`, with a good page at every other path. */
export const llmsOriginRoutes = (name: string): [string, Route][] => [
  ...common,
  ["/llms.txt", llmsVariants[name]!],
  ...llmsRoutes,
  ["/", (_req, res) => html(res, renderLighthousePage({}))],
];

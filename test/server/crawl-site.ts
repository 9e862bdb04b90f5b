import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { pacedSite } from "./paced-site";
import { steeredSite } from "./steered-site";
import type { Route } from "./routes";

/**
 * A small site for crawl tests, on its own origin (its own robots.txt): a sitemap index with a gzip child and a
 * text sitemap, planted duplicates, a 404, a redirect chain, a noindex page, a canonicalised page, a
 * robots-disallowed URL, a broken internal link, an orphan, hreflang pairs with one missing return link.
 * /mixed/ (and its twin /mixed-sitemap/) has a sitemap that lists part of it. /polite/, /slow/, /many/ and /sched/
 * are plain pages for the pacing, cancel, limit and schedule tests; /bad/ holds hostile sitemaps.
 */

const originOf = (req: IncomingMessage) => `http://${req.headers.host}`;

function html(res: ServerResponse, body: string, status = 200) {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(body);
}

function xml(res: ServerResponse, body: string | Buffer, type = "application/xml") {
  res.setHeader("content-type", type);
  res.end(body);
}

interface SitePage {
  title: string;
  description?: string;
  h1?: string;
  links?: string[];
  head?: string;
  body?: string;
}

const s = (path: string) => `/site/${path}`;

/** Every page of /site/ by path. Links are site paths; the origin is added when served. */
export const sitePages: Record<string, SitePage> = {
  [s("")]: {
    title: "Crawl test home",
    description: "The home page of the crawl test site.",
    h1: "Home",
    links: [s("a"), s("b"), s("c"), s("old"), s("noindex"), s("canonicalised"), s("missing"), s("en"), s("fr"), s("de"), s("d"), s("e"), s("private/secret"), "#top"],
  },
  [s("a")]: { title: "Same title", description: "Same description", h1: "Welcome", links: [s(""), s("b")] },
  [s("b")]: { title: "  same TITLE ", description: "Same description", h1: "Page B", links: [s("")] },
  [s("c")]: { title: "Page C", description: "Page C description", h1: "Page C", links: [s("")], head: `<link rel="canonical" href="${s("c")}">` },
  [s("noindex")]: { title: "Hidden page", description: "A noindex page", h1: "Hidden", links: [s("")], head: '<meta name="robots" content="noindex">' },
  [s("canonicalised")]: { title: "Copy of C", description: "Canonicalised to C", h1: "Copy", links: [s("")], head: `<link rel="canonical" href="${s("c")}">` },
  [s("orphan")]: { title: "Orphan page", description: "Nobody links here", h1: "Orphan", links: [s("")] },
  [s("en")]: {
    title: "English",
    description: "English version",
    h1: "English",
    links: [s("")],
    head: `<link rel="alternate" hreflang="fr" href="${s("fr")}"><link rel="alternate" hreflang="de" href="${s("de")}">`,
  },
  [s("fr")]: { title: "Français", description: "Version française", h1: "Français", links: [s("")], head: `<link rel="alternate" hreflang="en" href="${s("en")}">` },
  [s("de")]: { title: "Deutsch", description: "Deutsche Version", h1: "Deutsch", links: [s("")], head: '<link rel="alternate" hreflang="de" href="/site/de">' },
  [s("d")]: { title: "Page D", description: "Page D description", h1: "Welcome", links: [s("")] },
  [s("e")]: { title: "Page E", description: "Page E description", h1: "Page E", links: [s("")], head: `<link rel="canonical" href="${s("noindex")}">` },
  [s("private/secret")]: { title: "Secret", h1: "Secret", links: [] },
  // Listed in llms.txt only: no link or sitemap leads here, so discovery asks for it.
  [s("llms-only")]: { title: "For agents", description: "Only llms.txt lists this page", h1: "For agents", links: [] },
};

/**
 * The site's llms.txt: two audited sitemap URLs (a 200 and the 404 /site/missing), one URL only llms.txt lists that
 * answers 200 and one that answers 404 (both asked for during discovery), a robots-disallowed URL (never asked) and
 * another host's URL (not counted).
 */
export const crawlSiteLlmsTxt = [
  "# Crawl test site",
  "> A small site the crawl tests audit.",
  "",
  "## Pages",
  `- [A](${s("a")}): a page`,
  `- [Missing](${s("missing")}): a dead link`,
  `- [For agents](${s("llms-only")})`,
  `- [Gone](${s("llms-gone")}): another dead link`,
  `- [Secret](${s("private/secret")})`,
  "- [Elsewhere](https://example.com/)",
  "",
].join("\n");

/** URLs of the gzip child sitemap (the text sitemap adds d and e). */
export const gzipSitemapPaths = [s(""), s("a"), s("b"), s("c"), s("old"), s("noindex"), s("canonicalised"), s("missing"), s("orphan"), s("en"), s("fr"), s("de"), s("private/secret")];
export const textSitemapPaths = [s("d"), s("e")];

function renderPage(page: SitePage) {
  const links = (page.links ?? []).map((href) => `<a href="${href}">${href}</a>`).join(" ");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title>${
    page.description ? `<meta name="description" content="${page.description}">` : ""
  }${page.head ?? ""}</head><body>${page.h1 ? `<h1>${page.h1}</h1>` : ""}<p>Some text.</p>${page.body ?? ""}${links}</body></html>`;
}

const urlset = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${origin}${p}</loc></url>`)
    .join("")}</urlset>`;

const sitemapIndex = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<sitemap><loc>${origin}${p}</loc></sitemap>`)
    .join("")}</sitemapindex>`;

const site: Route = (req, res, path) => {
  const origin = originOf(req);
  if (path === s("sitemap-index.xml")) return xml(res, sitemapIndex(origin, [s("sitemap-pages.xml.gz"), s("sitemap.txt")]));
  if (path === s("sitemap-pages.xml.gz")) return xml(res, gzipSync(urlset(origin, gzipSitemapPaths)), "application/gzip");
  if (path === s("sitemap.txt")) return xml(res, textSitemapPaths.map((p) => `${origin}${p}`).join("\n") + "\n", "text/plain");
  if (path === s("old")) return redirect(res, s("mid"));
  if (path === s("mid")) return redirect(res, s("c"));
  const page = sitePages[path];
  if (!page) return html(res, "<!doctype html><title>Not found</title><h1>Not found</h1>", 404);
  html(res, renderPage(page));
};

function redirect(res: ServerResponse, location: string) {
  res.statusCode = 301;
  res.setHeader("location", location);
  res.end();
}

/** Plain pages /<prefix>/p1..pN listed by /<prefix>/sitemap.xml. */
const plainSite =
  (prefix: string, count: number): Route =>
  (req, res, path) => {
    const paths = Array.from({ length: count }, (_, i) => `/${prefix}/p${i + 1}`);
    if (path === `/${prefix}/sitemap.xml`) return xml(res, urlset(originOf(req), paths));
    if (!paths.includes(path)) return html(res, "<!doctype html><title>Not found</title>", 404);
    html(res, renderPage({ title: `${prefix} page ${path}`, description: `Page ${path}`, h1: path, links: [] }));
  };

/**
 * A site whose sitemap lists only part of it (`/<prefix>/sitemap.xml`: the home, a and an orphan): links reach the
 * rest. only (1 click from the home) and deep (2 clicks, through only) are indexable pages no sitemap lists; gone
 * answers 404, hidden is noindex and moved redirects to the listed a, so none of those three belongs in a sitemap.
 */
export const mixedSitemapPaths = ["", "a", "orphan"];
export const mixedPages: Record<string, SitePage & { status?: number }> = {
  "": { title: "Mixed home", description: "Home of a partly mapped site", h1: "Mixed", links: ["a", "only", "gone", "moved"] },
  a: { title: "Mixed A", description: "A listed page", h1: "A", links: ["", "hidden", "a"] },
  orphan: { title: "Mixed orphan", description: "Listed, linked from nowhere", h1: "Orphan", links: [""] },
  only: { title: "Only linked", description: "Links reach it, no sitemap lists it", h1: "Only", links: ["deep", ""] },
  deep: { title: "Deep page", description: "Two clicks from the home", h1: "Deep", links: ["only"] },
  hidden: { title: "Hidden", description: "Not for search engines", h1: "Hidden", links: [""], head: '<meta name="robots" content="noindex">' },
  gone: { title: "Gone", h1: "Gone", links: [], status: 404 },
};

const mixedSite =
  (prefix: string): Route =>
  (req, res, path) => {
    const at = (name: string) => `/${prefix}/${name}`;
    if (path === at("sitemap.xml")) return xml(res, urlset(originOf(req), mixedSitemapPaths.map(at)));
    if (path === at("moved")) return redirect(res, at("a"));
    const page = mixedPages[path.slice(prefix.length + 2)];
    if (!page) return html(res, "<!doctype html><title>Not found</title>", 404);
    html(res, renderPage({ ...page, links: page.links?.map(at) }), page.status);
  };

/**
 * /evolve/: a site whose pages change between two crawls, switched by `/evolve/__version?v=2`. Version 1 plants
 * meta_description (p1, p2), deprecated_html_tags (p1) and plaintext_email (p3); version 2 fixes all three and
 * plants image_alt (p2, p5) and unsafe_cross_origin_links (p1). p4 is only in version 1, p5 only in version 2.
 */
export const evolvePlan = {
  v1: { meta_description: ["p1", "p2"], deprecated_html_tags: ["p1"], plaintext_email: ["p3"] },
  v2: { image_alt: ["p2", "p5"], unsafe_cross_origin_links: ["p1"] },
  pages: { v1: ["p1", "p2", "p3", "p4"], v2: ["p1", "p2", "p3", "p5"] },
};
let evolveVersion: 1 | 2 = 1;

function evolvePage(name: string, version: 1 | 2): SitePage {
  const planted = (plan: Record<string, string[]>, check: string) => plan[check]!.includes(name);
  const v1 = version === 1 ? evolvePlan.v1 : { meta_description: [], deprecated_html_tags: [], plaintext_email: [] };
  const v2 = version === 2 ? evolvePlan.v2 : { image_alt: [], unsafe_cross_origin_links: [] };
  const body = [
    planted(v1, "deprecated_html_tags") ? "<font>Old markup</font>" : "",
    planted(v1, "plaintext_email") ? "<p>Write to someone@example.com</p>" : "",
    planted(v2, "image_alt") ? '<img src="/evolve/photo.webp" width="10" height="10">' : "",
    planted(v2, "unsafe_cross_origin_links") ? '<a href="https://example.com/" target="_blank">Elsewhere</a>' : "",
  ].join("");
  return {
    title: `Evolving page ${name}`,
    description: planted(v1, "meta_description") ? undefined : `The evolving page ${name}.`,
    h1: `Page ${name}`,
    head: "",
    links: [],
    body,
  };
}

const evolve: Route = (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/evolve/__version") {
    evolveVersion = url.searchParams.get("v") === "2" ? 2 : 1;
    return html(res, `version ${evolveVersion}`);
  }
  const names = evolveVersion === 1 ? evolvePlan.pages.v1 : evolvePlan.pages.v2;
  if (url.pathname === "/evolve/sitemap.xml") return xml(res, urlset(originOf(req), names.map((n) => `/evolve/${n}`)));
  const name = url.pathname.slice("/evolve/".length);
  if (!names.includes(name)) return html(res, "<!doctype html><title>Not found</title>", 404);
  html(res, renderPage(evolvePage(name, evolveVersion)));
};

const hostile: Route = (req, res, path) => {
  const origin = originOf(req);
  switch (path) {
    case "/bad/hang.xml":
      res.setHeader("content-type", "application/xml");
      res.write('<?xml version="1.0"?><urlset>');
      return; // never ends: the reader's deadline must
    case "/bad/garbage.xml":
      return xml(res, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    case "/bad/html.xml":
      return html(res, "<!doctype html><title>Not a sitemap</title><p>Hello</p>");
    case "/bad/loop-a.xml":
      return xml(res, sitemapIndex(origin, ["/bad/loop-b.xml"]));
    case "/bad/loop-b.xml":
      return xml(res, sitemapIndex(origin, ["/bad/loop-a.xml"]));
    case "/bad/other-hosts.xml":
      return xml(res, urlset("http://example.com", ["/a", "/b"]));
    case "/bad/private.xml":
      // Listed, never fetched: URLs of other hosts are only counted as skipped.
      return xml(res, urlset("http://10.0.0.1", ["/admin", "/"]).replace("</urlset>", "<url><loc>http://169.254.169.254/latest</loc></url></urlset>"));
    default:
      return html(res, "<!doctype html><title>Not found</title>", 404);
  }
};

const robots: Route = (req, res) => {
  res.setHeader("content-type", "text/plain");
  res.end(["User-agent: *", "Disallow: /site/private/", ...linksPrefixes.map((prefix) => `Disallow: ${prefix}private/`), "", `Sitemap: ${originOf(req)}/site/sitemap-index.xml`, ""].join("\n"));
};

/** Link targets of a links site past the crawl's link-check bound (LINK_CHECK_LIMIT 8 in the tests): linked once each. */
export const linkFillers = (prefix: string) => Array.from({ length: 4 }, (_, i) => `${prefix}filler-${i + 1}`);

/** The links sites' prefixes: the service's crawl test, the command line's and the site-check batches' each have their own request log. */
export const linksPrefixes = ["/links/", "/links-cli/", "/links-steps/"] as const;

/**
 * A site for the link checks under `prefix` (here /links/), crawled from its sitemap with limit 2 (home and /links/a).
 * Both pages link to targets the crawl does not audit: /links/b (past the limit, 200), /links/gone (404, in no
 * sitemap), /links/doc.pdf (a 404 PDF), /links/report.pdf (a 200 PDF), /links/head-refused (405 to HEAD, 404 to GET),
 * /links/private/x (robots-disallowed), and external ones on `externalOrigin` (another host): a 404, a 200, and a third
 * only home links to (past LINK_CHECK_PER_HOST 2); home also links to the fillers.
 */
export const linksSite =
  (prefix: string, externalOrigin: string): Route =>
  (req, res, path) => {
    const origin = originOf(req);
    const p = (name: string) => `${prefix}${name}`;
    const shared = [p("b"), p("gone"), p("doc.pdf"), p("report.pdf"), p("head-refused"), p("private/x")];
    const external = [`${externalOrigin}/ext${prefix}gone`, `${externalOrigin}/fixtures/sample-page.html`];
    const page = (title: string, links: string[]) => html(res, renderPage({ title, description: title, h1: title, links }));
    switch (path.slice(prefix.length)) {
      case "sitemap.xml":
        return xml(res, urlset(origin, [p(""), p("a"), p("b")]));
      case "":
        return page("Links home", [p("a"), ...shared, ...external, `${externalOrigin}/ext${prefix}third`, ...linkFillers(prefix)]);
      case "a":
        return page("Links A", [p(""), ...shared, ...external]);
      case "b":
        return page("Links B", [p("")]);
      case "report.pdf":
        res.setHeader("content-type", "application/pdf");
        return res.end("%PDF-1.4 a tiny report");
      case "doc.pdf":
        res.statusCode = 404;
        res.setHeader("content-type", "application/pdf");
        return res.end();
      case "head-refused":
        if (req.method === "HEAD") {
          res.statusCode = 405;
          res.setHeader("allow", "GET");
          return res.end();
        }
        return html(res, "<!doctype html><title>Gone</title>", 404);
      default:
        if (linkFillers(prefix).includes(path)) return page(path, []);
        return html(res, "<!doctype html><title>Not found</title>", 404);
    }
  };

/** The crawl site's routes; its /links/ pages link out to `externalOrigin` (the tests' page server on 127.0.0.2). */
export const crawlSiteRoutes = (externalOrigin = "http://127.0.0.2"): [string, Route][] => [
  ["/robots.txt", robots],
  ["/llms.txt", (_req, res) => xml(res, crawlSiteLlmsTxt, "text/plain; charset=utf-8")],
  ["/site/", site],
  // One prefix per test that reads the request log, since test files run at the same time.
  ["/polite/", plainSite("polite", 8)],
  ["/slow/", plainSite("slow", 30)],
  ["/many/", plainSite("many", 30)],
  ["/sched/", plainSite("sched", 4)],
  ["/mixed/", mixedSite("mixed")],
  ["/mixed-sitemap/", mixedSite("mixed-sitemap")],
  ...linksPrefixes.map((prefix): [string, Route] => [prefix, linksSite(prefix, externalOrigin)]),
  ["/evolve/", evolve],
  // Pages a test steers between two crawls, in sets of its own (test/server/steered-site.ts).
  ["/steered/", steeredSite()],
  ["/bad/", hostile],
  // The crawl rate tests steer these sites' speed and answers (test/server/paced-site.ts).
  ...(["pace-fast", "pace-slow", "pace-busy"] as const).map((prefix): [string, Route] => [`/${prefix}/`, pacedSite(prefix, 40)]),
];

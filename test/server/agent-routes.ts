import type { IncomingMessage, ServerResponse } from "node:http";
import type { Route } from "./routes";

/**
 * Pages for the agent checks (docs/analysis.md, "AI search and agents"): under /agents/tree/ one page per family of
 * Lighthouse 13.5's agent-accessibility-tree rules, with the rules each breaks (`agentTreePages`, read by the
 * Worker, CLI and Lighthouse tests alike); under /agents/md/ each way a page may offer markdown, or break it.
 */

const send = (res: ServerResponse, body: string, type = "text/html; charset=utf-8", headers: Record<string, string> = {}) => {
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(body);
};

const page = (body: string, head = "") =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Agent page</title>${head}</head><body><main><h1>Agent page</h1>${body}</main></body></html>`;

const CLEAN = `
<nav><a href="/agents/tree/clean">Home</a> <a href="/about">About us</a></nav>
<form action="/search" toolname="search_site" tooldescription="Search the site by keyword">
  <label for="q">Search</label> <input id="q" name="q" type="search" autocomplete="off">
  <label for="sort">Sort by</label> <select id="sort" name="sort"><option>Newest</option><option>Oldest</option></select>
  <button type="submit">Search</button>
</form>
<ul role="tablist" aria-label="Sections"><li role="tab" aria-selected="true" aria-controls="p1" id="t1">One</li></ul>
<div role="tabpanel" id="p1" aria-labelledby="t1"><p>Panel text.</p></div>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="A dot" width="1" height="1">`;

/** Controls written by script after load: the raw HTML has none of them. */
const SCRIPT_BUILT = `<div id="app"></div>
<script>
  const app = document.getElementById("app");
  const button = document.createElement("button");
  button.innerHTML = '<svg width="10" height="10" aria-hidden="true"></svg>';
  app.append(button);
  const input = document.createElement("input");
  input.type = "text";
  app.append(input);
</script>`;

/**
 * Each page, its body, and the target rules axe-core must find violated in it (the rest must pass): the names family,
 * ARIA validity, focus inside aria-hidden, duplicate ids referenced by ARIA (for review only), a clean page and a
 * script-built one.
 */
export const agentTreePages: Record<string, { body: string; head?: string; failing: string[]; review?: string[] }> = {
  clean: { body: CLEAN, failing: [] },
  names: {
    body: `<button></button> <a href="/x"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a>
<input type="text" name="email"> <select name="size"><option>S</option></select> <input type="submit" value="">`,
    failing: ["button-name", "input-button-name", "label", "link-name", "select-name"],
  },
  "aria-validity": {
    body: `<div role="banana">Fruit</div> <div aria-fruit="yes">Odd attribute</div> <input type="checkbox" aria-checked="maybe" aria-label="Agree">
<div role="slider" tabindex="0">Volume</div> <ul role="menu"><li>No menuitem</li></ul>`,
    // The unnamed slider and the checkbox's "maybe" break two more rules of the family.
    failing: ["aria-roles", "aria-valid-attr", "aria-required-attr", "aria-required-children", "aria-input-field-name", "aria-valid-attr-value"],
  },
  "hidden-focus": {
    body: `<div aria-hidden="true"><p>Hidden text</p><a href="/secret">A focusable link</a></div>`,
    failing: ["aria-hidden-focus"],
  },
  "duplicate-aria-id": {
    body: `<span id="name-label">Name</span><span id="name-label">Full name</span>
<input type="text" aria-labelledby="name-label">`,
    // axe-core 4.14 marks duplicate-id-aria `reviewOnFail`: never a violation, so Lighthouse 13.5 passes the page.
    failing: [],
    review: ["duplicate-id-aria"],
  },
  "script-built": { body: SCRIPT_BUILT, failing: ["button-name", "label"] },
};

const treeRoute: Route = (_req, res, path) => {
  const built = agentTreePages[path.slice("/agents/tree/".length)];
  if (!built) {
    res.statusCode = 404;
    return send(res, page("<p>Not found</p>"));
  }
  send(res, page(built.body, built.head));
};

const MARKDOWN = "# Agent page\n\nThe same page, written for agents: [home](/agents/md/none).\n";
const wantsMarkdown = (req: IncomingMessage) => /text\/markdown/.test(req.headers.accept ?? "");
const linkTo = (href: string, type = "text/markdown") => `<link rel="alternate" type="${type}" href="${href}">`;

/** /agents/md/<case>: the page itself (negotiating or not), and the alternates under /agents/md/files/. */
const markdownCases: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  none: (_req, res) => send(res, page("<p>HTML only.</p>")),
  // Varies on Accept (for another reason) and answers HTML whatever is asked.
  "varies-html-only": (_req, res) => send(res, page("<p>HTML only, varying.</p>"), undefined, { vary: "Accept" }),
  negotiated: (req, res) =>
    wantsMarkdown(req) ? send(res, MARKDOWN, "text/markdown; charset=utf-8", { vary: "Accept" }) : send(res, page("<p>Negotiates.</p>"), undefined, { vary: "Accept" }),
  "negotiated-no-vary": (req, res) =>
    wantsMarkdown(req) ? send(res, MARKDOWN, "text/markdown") : send(res, page("<p>Forgets Vary on markdown.</p>"), undefined, { vary: "Accept" }),
  // Negotiates, but its HTML answer does not say Vary: Accept: not an offer we can see without asking every page.
  "negotiated-unsaid": (req, res) => (wantsMarkdown(req) ? send(res, MARKDOWN, "text/markdown", { vary: "Accept" }) : send(res, page("<p>Unsaid.</p>"))),
  "negotiated-html": (req, res) =>
    wantsMarkdown(req) ? send(res, page("<p>Relabelled.</p>"), "text/markdown", { vary: "Accept" }) : send(res, page("<p>Relabels.</p>"), undefined, { vary: "Accept" }),
  "negotiated-500": (req, res) => {
    if (!wantsMarkdown(req)) return send(res, page("<p>Breaks on markdown.</p>"), undefined, { vary: "Accept-Encoding, Accept" });
    res.statusCode = 500;
    send(res, "converter crashed", "text/plain");
  },
  "negotiated-406": (req, res) => {
    if (!wantsMarkdown(req)) return send(res, page("<p>Refuses markdown.</p>"), undefined, { vary: "Accept" });
    res.statusCode = 406;
    send(res, "not acceptable", "text/plain");
  },
  "link-ok": (_req, res) => send(res, page("<p>Links its markdown.</p>", linkTo("/agents/md/files/page.md"))),
  "link-header": (_req, res) => send(res, page("<p>Links its markdown in a header.</p>"), undefined, { link: '</agents/md/files/page.md>; rel="alternate"; type="text/markdown"' }),
  "link-missing": (_req, res) => send(res, page("<p>Links a missing file.</p>", linkTo("/agents/md/files/missing.md"))),
  "link-wrong-type": (_req, res) => send(res, page("<p>Links a text file.</p>", linkTo("/agents/md/files/page.txt"))),
  "link-private": (_req, res) => send(res, page("<p>Links a private address.</p>", linkTo("http://10.0.0.1/page.md"))),
  "link-html": (_req, res) => send(res, page("<p>Links HTML.</p>", linkTo("/agents/md/files/page-html.md"))),
};

const markdownRoute: Route = (req, res, path) => {
  if (path === "/agents/md/files/page.md") return send(res, MARKDOWN, "text/markdown; charset=utf-8");
  if (path === "/agents/md/files/page.txt") return send(res, MARKDOWN, "text/plain; charset=utf-8");
  if (path === "/agents/md/files/page-html.md") return send(res, page("<p>HTML in disguise.</p>"), "text/markdown");
  const handle = markdownCases[path.slice("/agents/md/".length)];
  if (handle) return handle(req, res);
  res.statusCode = 404;
  send(res, "not found", "text/plain");
};

export const agentRoutes: [string, Route][] = [
  ["/agents/tree/", treeRoute],
  ["/agents/md/", markdownRoute],
];

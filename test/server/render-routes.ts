import type { IncomingMessage, ServerResponse } from "node:http";
import type { Route } from "./routes";

/**
 * Pages that script builds, for rendered audits (docs/rendering.md), all under /render/. Each raw page is what a
 * fetch sees; what a browser sees after its inline script is noted beside it. Shared by the CLI tests, the Worker's
 * rendering tests and the Lighthouse comparison.
 */

const HARD_STOP_MS = 60_000;
const LOREM =
  "Our shop sells walking shoes for every season, made from leather and recycled canvas, repaired for free for two years. ";
/** About 250 words of text, for rendered_content. */
const CONTENT = LOREM.repeat(14).trim();

const send = (res: ServerResponse, body: string, type = "text/html; charset=utf-8") => {
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  res.end(body);
};

const page = (head: string, body: string) => `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

/** A script that writes what `/render/static` serves: title, meta description, canonical, h1, text and links. */
const BUILD_EVERYTHING = `
<script>
  document.title = "Walking shoes built by script";
  const meta = document.createElement("meta");
  meta.name = "description";
  meta.content = "Walking shoes for every season, made from leather and recycled canvas, repaired for free for two years.";
  document.head.append(meta);
  const canonical = document.createElement("link");
  canonical.rel = "canonical";
  canonical.href = new URL("/render/script-built", location.href).href;
  document.head.append(canonical);
  const app = document.getElementById("app");
  app.innerHTML = '<h1>Walking shoes</h1><p>${CONTENT}</p><nav>' +
    ["boots", "sandals", "trainers", "repairs", "contact"].map((name) => '<a href="/render/products/' + name + '">Our ' + name + '</a>').join(" ") +
    '</nav>';
</script>`;

/** The same page with everything in the HTML as served: every rendering check passes on it. */
const staticPage = (req: IncomingMessage) =>
  page(
    `<title>Walking shoes built by script</title>
<meta name="description" content="Walking shoes for every season, made from leather and recycled canvas, repaired for free for two years.">
<link rel="canonical" href="http://${req.headers.host}/render/static">`,
    `<div id="app"><h1>Walking shoes</h1><p>${CONTENT}</p><nav>${["boots", "sandals", "trainers", "repairs", "contact"]
      .map((name) => `<a href="/render/products/${name}">Our ${name}</a>`)
      .join(" ")}</nav></div>`,
  );

/** Title, meta description, canonical, h1, text and links all written by script: the raw HTML is an empty shell. */
const scriptBuilt = () => page("", `<div id="app">Loading</div>\n${BUILD_EVERYTHING}`);

/** Raw HTML says noindex; its script removes it. */
const noindexRemoved = () =>
  page(
    `<title>A page whose script removes noindex</title>\n<meta name="robots" content="noindex">`,
    `<h1>Noindex removed</h1><p>The raw HTML of this page says noindex.</p>
<script>document.querySelector('meta[name="robots"]').remove();</script>`,
  );

/** Raw HTML is indexable; its script adds noindex. */
const noindexAdded = () =>
  page(
    `<title>A page whose script adds noindex</title>\n<meta name="description" content="The raw HTML of this page is indexable, and then its script adds a robots noindex tag.">`,
    `<h1>Noindex added</h1><p>The script below adds noindex.</p>
<script>const robots = document.createElement("meta"); robots.name = "robots"; robots.content = "noindex"; document.head.append(robots);</script>`,
  );

/** A script that logs an error and then throws. */
const throwing = () =>
  page(
    "<title>A page whose script throws an error</title>",
    `<h1>Throws</h1><p>The script below logs an error and throws.</p>
<script>console.error("render test: something went wrong"); throw new Error("render test boom");</script>`,
  );

/** Never finishes loading: an image whose response never comes, so the load event never fires. */
const neverFinishes = () =>
  page("<title>A page that never finishes loading</title>", `<h1>Never loads</h1><img src="/render/hang" alt="never arrives" width="10" height="10">`);

/** Holds the request open without answering, until the client goes away or the hard stop. */
const hang: Route = (req, res) => {
  const stop = setTimeout(() => res.destroy(), HARD_STOP_MS);
  req.on("close", () => clearTimeout(stop));
};

/**
 * A page that makes its browser request a private address other than the page's own origin: `?to=` (an origin, e.g.
 * the page server on 127.0.0.2, OTHER_HOST), else localhost on the same port. With private targets off (the page's
 * origin trusted), `/render/private-target?from=private-request` must never be received there.
 */
const privateRequest = (req: IncomingMessage) => {
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  const port = (req.headers.host ?? "").split(":")[1] ?? "80";
  const to = /^http:\/\/[\w.:[\]-]+$/.test(query.get("to") ?? "") ? query.get("to") : `http://localhost:${port}`;
  // The page's own ?tag= rides along, so a test can find the requests of its own render in the log.
  const tag = encodeURIComponent(query.get("tag") ?? "");
  const target = `${to}/render/private-target?from=private-request&tag=${tag}`;
  return page(
    "<title>A page that requests a private address</title>",
    `<h1>Private request</h1><img src="${target}&kind=img" alt="private" width="1" height="1">
<script>fetch(${JSON.stringify(`${target}&kind=fetch`)}).catch(() => {});</script>`,
  );
};

/**
 * A script-built site for crawls: page i's script writes its title and links to 2i+1 and 2i+2, below `count` (a
 * binary tree: 20 pages are 4 clicks deep, inside MAX_CRAWL_DEPTH).
 */
const sitePage = (path: string) => {
  const [, countText = "20", indexText = "0"] = /^\/render\/site\/(\d+)\/(\d+)$/.exec(path) ?? [];
  const count = Math.min(Number(countText), 1000);
  const index = Number(indexText);
  const next = [2 * index + 1, 2 * index + 2].filter((n) => n < count);
  return page(
    "",
    `<div id="app"></div>
<script>
  document.title = "Script-built site page ${index} of ${count}";
  document.getElementById("app").innerHTML = "<h1>Page ${index}</h1>" + ${JSON.stringify(next)}.map((n) => '<a href="/render/site/${count}/' + n + '">Page ' + n + '</a>').join(" ");
</script>`,
  );
};

/** A heavy page: 3,000 list items and a table built by script (for the render benchmark). */
const heavy = () =>
  page(
    "<title>A heavy page built by script</title>",
    `<h1>Heavy</h1><ul id="list"></ul>
<script>
  const list = document.getElementById("list");
  for (let i = 0; i < 3000; i++) { const li = document.createElement("li"); li.textContent = "Item " + i + " of a long list"; list.append(li); }
</script>`,
  );

/** Writes what an earlier visit left (cookie, localStorage) into #state, then leaves its own: isolation tests read it. */
const remember = () =>
  page(
    "<title>A page that remembers its visitors</title>",
    `<h1>Remember</h1><p id="state"></p>
<script>
  document.getElementById("state").textContent = "cookie=" + document.cookie + ";storage=" + (localStorage.getItem("seen") ?? "");
  document.cookie = "seen=yes; path=/";
  localStorage.setItem("seen", "yes");
</script>`,
  );

/** No structured data in the raw HTML; its script adds a Product as JSON-LD, as tag managers and shop widgets do. */
const structuredDataByScript = () =>
  page(
    "<title>A product whose JSON-LD script writes</title>",
    `<h1>Trail shoe</h1><p>Light and waterproof.</p>
<script>
  const data = document.createElement("script");
  data.type = "application/ld+json";
  data.textContent = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Trail shoe",
    image: new URL("/render/products/trail.jpg", location.href).href,
    offers: { "@type": "Offer", price: "89.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
  });
  document.head.append(data);
</script>`,
  );

const pages: Record<string, (req: IncomingMessage) => string> = {
  "/render/structured-data": structuredDataByScript,
  "/render/remember": remember,
  "/render/static": staticPage,
  "/render/script-built": scriptBuilt,
  "/render/noindex-removed": noindexRemoved,
  "/render/noindex-added": noindexAdded,
  "/render/throws": throwing,
  "/render/never-finishes": neverFinishes,
  "/render/private-request": privateRequest,
  "/render/heavy": heavy,
};

const renderRoute: Route = (req, res, path) => {
  if (path === "/render/hang") return hang(req, res, path);
  if (path.startsWith("/render/site/")) return send(res, sitePage(path));
  const build = pages[path];
  if (build) return send(res, build(req));
  if (path.startsWith("/render/products/") || path === "/render/private-target") {
    return send(res, page("<title>A plain product page for link targets</title>", "<h1>Product</h1>"));
  }
  res.statusCode = 404;
  send(res, page("<title>Not found</title>", "<h1>Not found</h1>"));
};

export const renderRoutes: [string, Route][] = [["/render/", renderRoute]];

/**
 * The script-built pages for the Lighthouse 13.5 comparison, with what Lighthouse says of the mirrored audits each is
 * built to decide (measured on this machine, see docs/rendering.md). Our verdicts come from a rendered audit; without
 * rendering, the fetch sees an empty shell and disagrees where noted.
 */
export const renderedLighthousePages: Record<string, Record<string, "pass" | "fail" | "notApplicable">> = {
  // Raw: no description, no canonical, no links; rendered: all three, valid.
  "/render/script-built": { "meta-description": "pass", canonical: "pass", "crawlable-anchors": "pass", "link-text": "pass" },
  // Raw says noindex; rendered does not: Lighthouse reads the rendered DOM.
  "/render/noindex-removed": { "is-crawlable": "pass", "meta-description": "fail" },
  "/render/noindex-added": { "is-crawlable": "fail", "meta-description": "pass" },
  "/render/throws": { "is-crawlable": "pass" },
  "/render/static": { "meta-description": "pass", canonical: "pass", "crawlable-anchors": "pass", "link-text": "pass" },
};

import type { Route } from "./routes";

/**
 * /steered/: pages a test changes between two crawls (the compare's changed pages, docs/crawls.md), on the crawl
 * site's origin, whose robots.txt no test rewrites. Each test names its own set, so tests never share a page:
 * - `/steered/<set>/__set/<page>?title=&robots=` sets how the page answers from now on and puts it in the set's
 *   sitemap (a parameter left out is back to its default: the page's own title, no robots meta);
 * - `/steered/<set>/sitemap.xml` lists the set's pages; `/steered/<set>/<page>` serves one (404 outside the set).
 */
interface SteeredPage {
  title: string;
  robots: string | null;
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const body = (name: string, page: SteeredPage) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)}</title>` +
  `<meta name="description" content="The steered page ${escape(name)}, the same on every crawl but for what the test sets.">` +
  (page.robots ? `<meta name="robots" content="${escape(page.robots)}">` : "") +
  `</head><body><h1>Steered page ${escape(name)}</h1><p>The same paragraph on every crawl.</p></body></html>`;

export function steeredSite(): Route {
  const sets = new Map<string, Map<string, SteeredPage>>();
  return (req, res, path) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const [set = "", first = "", second] = path.slice("/steered/".length).split("/");
    const pages = sets.get(set) ?? new Map<string, SteeredPage>();
    sets.set(set, pages);
    if (first === "__set" && second) {
      const page = { title: url.searchParams.get("title") ?? `Steered page ${second}`, robots: url.searchParams.get("robots") };
      pages.set(second, page);
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify(page));
    }
    if (first === "sitemap.xml") {
      const locs = [...pages.keys()].map((name) => `<url><loc>${url.origin}/steered/${set}/${name}</loc></url>`).join("");
      res.setHeader("content-type", "application/xml");
      return res.end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    const page = pages.get(first);
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (!page || second !== undefined) {
      res.statusCode = 404;
      return res.end("<!doctype html><title>Not found</title>");
    }
    res.end(body(first, page));
  };
}

// A local site of `pages` pages for the crawl benchmarks (bench/crawl.ts through the service, bench/cli.mjs --crawl
// from the command line): /sitemap.xml lists them all (up to 50,000, the sitemap protocol's most per file; beyond, it
// is an index of /sitemap-N.xml files of 50,000 each), each page links to the next ten. Nothing is kept per page.
import { createServer } from "node:http";

const PER_SITEMAP = 50_000;

/** Starts the site on a free port of 127.0.0.1: { origin, close }. */
export async function startCrawlSite(pages) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const origin = `http://${req.headers.host}`;
    if (path === "/robots.txt") return res.end("User-agent: *\nAllow: /\n");
    const part = path === "/sitemap.xml" && pages <= PER_SITEMAP ? 0 : Number(/^\/sitemap-(\d+)\.xml$/.exec(path)?.[1] ?? NaN);
    if (path === "/sitemap.xml" && pages > PER_SITEMAP) {
      res.setHeader("content-type", "application/xml");
      const parts = Array.from({ length: Math.ceil(pages / PER_SITEMAP) }, (_, i) => `<sitemap><loc>${origin}/sitemap-${i}.xml</loc></sitemap>`).join("");
      return res.end(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts}</sitemapindex>`);
    }
    if (Number.isInteger(part) && part * PER_SITEMAP < pages) {
      res.setHeader("content-type", "application/xml");
      const from = part * PER_SITEMAP;
      const count = Math.min(PER_SITEMAP, pages - from);
      const urls = Array.from({ length: count }, (_, i) => `<url><loc>${origin}/p/${from + i}</loc></url>`).join("");
      return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    }
    const n = Number(/^\/p\/(\d+)$/.exec(path)?.[1] ?? NaN);
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (!Number.isInteger(n) || n >= pages) {
      res.statusCode = 404;
      return res.end("<!doctype html><title>Not found</title>");
    }
    const links = Array.from({ length: 10 }, (_, k) => `<a href="/p/${(n + k + 1) % pages}">Page ${(n + k + 1) % pages}</a>`).join(" ");
    const words = Array.from({ length: 300 }, (_, k) => `word${(n * 7 + k) % 97}`).join(" ");
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page ${n} of the crawl site</title>` +
        `<meta name="description" content="Page ${n} of the local crawl benchmark site, with text and links."></head>` +
        `<body><h1>Page ${n}</h1><p>${words}</p><nav>${links}</nav></body></html>`,
    );
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

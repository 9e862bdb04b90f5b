import type { Route } from "./routes";

/**
 * The planted site of issue 35 (docs/crawls.md "Error pages"): 60 pages, six of them without a meta description, and
 * four URLs answering 404 with the page server's HTML error page: the start URL `/` and the three targets some pages
 * link to (`/gone/1` to `/gone/3`). robots.txt names its RSS feed (`/news/feed`, no `.xml`) as its one sitemap, so a
 * crawl of `/` reads the 60 pages from the feed and follows their links to the broken targets.
 * - `/p/<n>` (n = 1 to 60, two digits): a page linking to the next (60 to 1); pages 10, 20 and 30 each link to one
 *   broken target.
 * - `/__descriptions?missing=5,15` sets which pages have no meta description from now on (empty: none); answers them.
 * Steered like the change log's site, on an origin of its own (one per test file: the service's crawl gets one from
 * test/global-setup.ts, the command line's test starts its own).
 */
export const PLANTED_PAGES = 60;
export const MISSING_DESCRIPTIONS = [5, 15, 25, 35, 45, 55];
export const BROKEN_TARGETS = ["/gone/1", "/gone/2", "/gone/3"];
/** Which page links to which broken target. */
const brokenLinks = new Map([
  [10, BROKEN_TARGETS[0]!],
  [20, BROKEN_TARGETS[1]!],
  [30, BROKEN_TARGETS[2]!],
]);

export const plantedPath = (n: number) => `/p/${String(n).padStart(2, "0")}`;

const originOf = (req: Parameters<Route>[0]) => `http://${req.headers.host}`;

const page = (n: number, described: boolean) => {
  const next = plantedPath((n % PLANTED_PAGES) + 1);
  const broken = brokenLinks.get(n);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Planted page ${n}: notes on garden tools</title>` +
    (described ? `<meta name="description" content="Page ${n} of the planted site: notes on garden tools, how to keep them sharp and where to store them.">` : "") +
    `</head><body><h1>Garden tools, part ${n}</h1>` +
    `<p>Part ${n} of a long series on garden tools: spades, forks and hoes, how to clean them after work and how to keep their edges sharp through the season.</p>` +
    `<p><a href="${next}">Read the next part</a>${broken ? ` or <a href="${broken}">the old index of this part</a>` : ""}.</p>` +
    `</body></html>`
  );
};

const feed = (origin: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Garden tools</title><link>${origin}/</link>\n` +
  Array.from({ length: PLANTED_PAGES }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, "0");
    return `<item><title>Part ${i + 1}</title><link>${origin}${plantedPath(i + 1)}</link><pubDate>${new Date(`2026-02-${day}T08:00:00Z`).toUTCString()}</pubDate></item>`;
  }).join("\n") +
  `\n</channel></rss>\n`;

export function errorPageSiteRoutes(): [string, Route][] {
  const missing = new Set(MISSING_DESCRIPTIONS);
  return [
    [
      "/robots.txt",
      (req, res) => {
        res.setHeader("content-type", "text/plain");
        res.end(`User-agent: *\nAllow: /\n\nSitemap: ${originOf(req)}/news/feed\n`);
      },
    ],
    [
      "/news/feed",
      (req, res) => {
        res.setHeader("content-type", "application/rss+xml; charset=utf-8");
        res.end(feed(originOf(req)));
      },
    ],
    [
      "/__descriptions",
      (req, res) => {
        const list = new URL(req.url ?? "/", "http://x").searchParams.get("missing") ?? "";
        missing.clear();
        for (const n of list.split(",").filter(Boolean)) missing.add(Number(n));
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify([...missing]));
      },
    ],
    [
      "/p/",
      (_req, res, path) => {
        const n = Number(/^\/p\/(\d\d)$/.exec(path)?.[1] ?? 0);
        res.setHeader("content-type", "text/html; charset=utf-8");
        if (n < 1 || n > PLANTED_PAGES) {
          res.statusCode = 404;
          res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
          return;
        }
        res.end(page(n, !missing.has(n)));
      },
    ],
    [
      "/",
      (_req, res, path) => {
        // The start URL answers 404 with the site's error page, which still offers a way in; every other unknown
        // path (the broken targets, the not-found probe, llms.txt) gets the page server's own HTML 404.
        res.statusCode = 404;
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(
          path === "/"
            ? `<!doctype html><title>Not found</title><h1>Not found</h1><p>Try <a href="${plantedPath(1)}">the first part</a>.</p>`
            : "<!doctype html><title>Not found</title><h1>Not found</h1>",
        );
      },
    ],
  ];
}

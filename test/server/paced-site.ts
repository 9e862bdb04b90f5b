import type { Route } from "./routes";

/**
 * Sites whose speed and answers a test steers while a crawl runs (the crawl rate tests): /<prefix>/p1..pN listed by
 * /<prefix>/sitemap.xml. `/<prefix>/__mode?delay=ms&status=n&retry_after=s` sets how the pages answer from now on
 * (delay before the first byte; 200, or e.g. 503 with Retry-After); `/<prefix>/__stats` tells how many page requests
 * were in flight at most, and how many each status got.
 */
interface Mode {
  delay: number;
  status: number;
  retryAfter: string | null;
}

interface Stats {
  inFlight: number;
  maxInFlight: number;
  served: Record<string, number>;
}

export const pacedSite = (prefix: string, count: number): Route => {
  const mode: Mode = { delay: 0, status: 200, retryAfter: null };
  const stats: Stats = { inFlight: 0, maxInFlight: 0, served: {} };
  const paths = Array.from({ length: count }, (_, i) => `/${prefix}/p${i + 1}`);
  return (req, res, path) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (body: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (path === `/${prefix}/__mode`) {
      mode.delay = Number(url.searchParams.get("delay") ?? 0);
      mode.status = Number(url.searchParams.get("status") ?? 200);
      mode.retryAfter = url.searchParams.get("retry_after");
      return json(mode);
    }
    if (path === `/${prefix}/__stats`) return json(stats);
    if (path === `/${prefix}/sitemap.xml`) {
      res.setHeader("content-type", "application/xml");
      const urls = paths.map((p) => `<url><loc>http://${req.headers.host}${p}</loc></url>`).join("");
      return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    }
    if (!paths.includes(path)) {
      res.statusCode = 404;
      return res.end();
    }
    const { delay, status, retryAfter } = mode;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    res.on("close", () => stats.inFlight--);
    setTimeout(() => {
      stats.served[status] = (stats.served[status] ?? 0) + 1;
      res.statusCode = status;
      res.setHeader("content-type", "text/html; charset=utf-8");
      if (retryAfter !== null) res.setHeader("retry-after", retryAfter);
      res.end(`<!doctype html><html lang="en"><head><title>${prefix} page ${path}</title><meta name="description" content="Page ${path}"></head><body><h1>${path}</h1></body></html>`);
    }, delay);
  };
};

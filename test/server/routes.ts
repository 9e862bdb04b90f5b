import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostileRoutes } from "./hostile-routes";
import { sitemapRoutes } from "./sitemap-routes";
import { webhookReceiver } from "./webhook-receiver";
import { largePageRoutes } from "./large-pages";
import { loginRoutes } from "./login-routes";
import { renderRoutes } from "./render-routes";
import { llmsRoutes } from "./llms-routes";
import { agentRoutes } from "./agent-routes";
import { experienceRoutes } from "./experience-routes";

export type Route = (req: IncomingMessage, res: ServerResponse, path: string) => void;

const fixturesDir = new URL("../fixtures/", import.meta.url);

/** `/fixtures/<name>.html` serves test/fixtures/<name>.html as HTML. */
const fixture: Route = (_req, res, path) => {
  const name = path.slice("/fixtures/".length).replace(/[^a-z0-9_.-]/gi, "");
  try {
    const body = readFileSync(new URL(name, fixturesDir));
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(body);
  } catch {
    res.statusCode = 404;
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Not found</title>");
  }
};

/** Groups for `*` and Googlebot with wildcard and end-anchored patterns, as robots_txt_allowed reads them. */
export const robotsTxt = [
  "# Test site robots.txt",
  "User-agent: *",
  "Disallow: /private/",
  "Allow: /private/open$",
  "Disallow: /*.pdf$",
  "",
  "User-agent: Googlebot",
  "User-agent: Bingbot",
  "Disallow: /no-google/",
  "Crawl-delay: 2",
  "",
  "Sitemap: http://127.0.0.1/sitemap.xml",
  "",
].join("\n");

const robots: Route = (_req, res) => {
  res.setHeader("content-type", "text/plain");
  res.end(robotsTxt);
};

/** Ordered: the first prefix that matches wins. A prefix ending in "/" matches everything below it. */
export const routes: [string, Route][] = [
  ["/robots.txt", robots],
  ["/fixtures/", fixture],
  ["/hooks/", webhookReceiver],
  ...hostileRoutes,
  ...sitemapRoutes,
  ...largePageRoutes,
  ...loginRoutes,
  ...renderRoutes,
  ...llmsRoutes,
  ...agentRoutes,
  ...experienceRoutes,
];

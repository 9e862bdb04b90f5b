import { createRequire } from "node:module";
import type { TestProject } from "vitest/node";
import { crawlSiteRoutes } from "./server/crawl-site";
import { errorPageSiteRoutes } from "./server/error-page-site";
import { startCruxApi } from "./server/crux-api";
import { startPageServer } from "./server/page-server";
import { watchedSiteRoutes } from "./server/watched-site";
import { NO_CHROMIUM, setupLocalBrowser } from "../scripts/setup-local-browser.mjs";

export default async function setup(project: TestProject) {
  // The browser binding renders in this machine's Chromium (docs/rendering.md); without one, rendering is off and
  // the rendering tests are skipped, saying why.
  const { chromium } = setupLocalBrowser({ log: () => undefined });
  if (!chromium) console.warn(`${NO_CHROMIUM}\n  RENDERING=false for this run: the rendering tests are skipped.`);
  project.provide("rendering", chromium ? "true" : "false");
  const server = await startPageServer();
  // The same routes on another loopback address: "another origin" of the auth tests (another host, not just a port),
  // and the other site the crawl site's /links/ pages link out to.
  const otherHost = await startPageServer(0, undefined, "127.0.0.2");
  // The crawl test site has its own origin, so its robots.txt does not touch the one other tests assert.
  const crawlSite = await startPageServer(0, crawlSiteRoutes(otherHost.origin));
  // A second instance only test/crawls/scenarios/site-crawl.test.ts uses: its request log then counts one crawl's requests.
  const crawlSiteAlone = await startPageServer(0, crawlSiteRoutes(otherHost.origin));
  // The change log's site (pages and a robots.txt the tests change), on its own host: its own project.
  const watchedSite = await startPageServer(0, watchedSiteRoutes(), "127.0.0.3");
  // The planted site of error pages (test/server/error-page-site.ts), steered by one test file: its own origin.
  const errorPageSite = await startPageServer(0, errorPageSiteRoutes());
  // The Chrome UX Report API as documented, on its own port: the page server's origin has origin-level field data.
  const cruxApi = await startCruxApi([server.origin]);
  project.provide("cruxApi", cruxApi.origin);
  project.provide("pageServer", server.origin);
  project.provide("errorPageSite", errorPageSite.origin);
  project.provide("watchedSite", watchedSite.origin);
  project.provide("crawlSite", crawlSite.origin);
  project.provide("crawlSiteAlone", crawlSiteAlone.origin);
  project.provide("otherHost", otherHost.origin);
  // wrangler.toml's [vars] as `wrangler deploy` reads them (the tests' env overrides some): the config test parses them.
  // wrangler through Node's own require, not an import: every workerd project runs this setup through its Vite module
  // runner, which inlines its imports, and inlining wrangler's 10 MB bundle took ~20 s of the vitest process per
  // project (8 projects). Node loads it once for the whole run.
  const { unstable_readConfig } = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");
  project.provide("shippedVars", { ...unstable_readConfig({ config: "wrangler.toml" }).vars } as Record<string, unknown>);
  return async () => {
    await server.close();
    await crawlSite.close();
    await crawlSiteAlone.close();
    await otherHost.close();
    await watchedSite.close();
    await errorPageSite.close();
    await cruxApi.close();
  };
}

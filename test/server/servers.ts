import { crawlSiteRoutes } from "./crawl-site";
import { startCruxApi } from "./crux-api";
import { errorPageSiteRoutes } from "./error-page-site";
import { startPageServer } from "./page-server";
import { watchedSiteRoutes } from "./watched-site";

/** The origins test/global-setup.ts provides to a project's tests. */
export interface ServerOrigins {
  pageServer: string;
  otherHost: string;
  crawlSite: string;
  crawlSiteAlone: string;
  watchedSite: string;
  errorPageSite: string;
  cruxApi: string;
}

/** Every local server one project's tests audit or ask, on ports of their own; `close` ends them all. */
export async function startServers() {
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
  const all = [server, otherHost, crawlSite, crawlSiteAlone, watchedSite, errorPageSite, cruxApi];
  const origins: ServerOrigins = {
    pageServer: server.origin,
    otherHost: otherHost.origin,
    crawlSite: crawlSite.origin,
    crawlSiteAlone: crawlSiteAlone.origin,
    watchedSite: watchedSite.origin,
    errorPageSite: errorPageSite.origin,
    cruxApi: cruxApi.origin,
  };
  return { origins, close: () => Promise.all(all.map((one) => one.close())) };
}

import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Origin of the local page server started by test/global-setup.ts, e.g. http://127.0.0.1:40123 */
      PAGE_SERVER: string;
      /** Origin of the crawl test site (test/server/crawl-site.ts), its own robots.txt included. */
      CRAWL_SITE: string;
      /** The same site on another origin, for the one test that counts a crawl's requests to it. */
      CRAWL_SITE_ALONE: string;
      /** "false" when test/global-setup.ts found no Chromium: rendering is then off (docs/rendering.md). */
      RENDERING: string;
      /** The page server's routes on 127.0.0.2: another host for the auth tests' origin rule. */
      OTHER_HOST: string;
      /** The change log's site on 127.0.0.3 (test/server/watched-site.ts): pages and a robots.txt tests change. */
      WATCHED_SITE: string;
      /** The planted site of error pages (test/server/error-page-site.ts), steered by test/crawls/scenarios/error-pages.test.ts. */
      ERROR_PAGE_SITE: string;
    }
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pageServer: string;
    crawlSite: string;
    crawlSiteAlone: string;
    /** Whether a local Chromium stands behind the browser binding. */
    rendering: "true" | "false";
    otherHost: string;
    watchedSite: string;
    errorPageSite: string;
    /** Origin of the local Chrome UX Report API (test/server/crux-api.ts): CRUX_API_ORIGIN in every project. */
    cruxApi: string;
    /** The files that start on an empty D1 (vitest.config.ts `ownD1`, test/setup.ts): set in "shared" only. */
    ownD1?: string[];
    /** wrangler.toml [vars] as shipped, read by wrangler itself. */
    shippedVars: Record<string, unknown>;
  }
}

import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Origin of the local page server started by test/global-setup.ts, e.g. http://127.0.0.1:40123 */
      PAGE_SERVER: string;
      /** The same page server on 127.0.0.2: another host to the per-host cap. */
      PAGE_SERVER_OTHER_HOST: string;
      /** Origin of the crawl test site (test/server/crawl-site.ts), its own robots.txt included. */
      CRAWL_SITE: string;
      /** The same site on another origin, for the one test that counts a crawl's requests to it. */
      CRAWL_SITE_ALONE: string;
    }
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pageServer: string;
    pageServerOtherHost: string;
    crawlSite: string;
    crawlSiteAlone: string;
    /** wrangler.toml [vars] as shipped, read by wrangler itself. */
    shippedVars: Record<string, unknown>;
  }
}

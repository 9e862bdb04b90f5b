import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "./db/schema";

declare global {
  // Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
  interface Env {
    /** HMAC key for report-page unlock cookies: a Worker secret (`wrangler secret put`). */
    REPORT_COOKIE_SECRET?: string;
  }
  // Crawls (sites.md): the queue of discovery jobs and the crawl settings of wrangler.toml, declared as
  // `wrangler types` would (on both Env interfaces) until src/worker-configuration.d.ts is regenerated.
  interface Env extends CrawlBindings {}
  namespace Cloudflare {
    interface Env extends CrawlBindings {}
  }
}

interface CrawlBindings {
  CRAWL_QUEUE: Queue;
  MAX_CRAWL_PAGES: string;
  MAX_CRAWL_DEPTH: string;
  MAX_ACTIVE_CRAWLS: string;
  CRAWL_INTERVAL_MS: string;
}

export type Db = DrizzleD1Database<typeof schema>;

/** The caller, as resolved from its API key. */
export interface Caller {
  accountId: number;
  keyId: number;
}

export type AppEnv = {
  Bindings: Env;
  Variables: { db: Db; caller: Caller };
};

/** Body of a message on the analysis queue. */
export interface AnalysisJob {
  reportId: number;
  generation: number;
  /** Set when the page is audited for a crawl: the fetch then waits its slot and settles the crawl page. */
  crawlId?: number;
  crawlPageId?: number;
}

import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { RequestSession } from "./db/request-session";
import type * as schema from "./db/schema";

declare global {
  // Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
  interface Env {
    /** HMAC key for report-page unlock cookies: a Worker secret (`wrangler secret put`). */
    REPORT_COOKIE_SECRET?: string;
  }
  interface Env extends MonitoringEnv, CrawlBindings {}
  // The tests' `env` (cloudflare:workers) is typed as Cloudflare.Env: it gains the same bindings.
  namespace Cloudflare {
    interface Env extends MonitoringEnv, CrawlBindings {}
  }
  /** Monitoring bindings (wrangler.toml), typed by hand as `wrangler types` would until it is run again. */
  interface MonitoringEnv {
    /** AES-GCM key material for stored webhook secrets: a Worker secret. Without it webhooks answer 503. */
    WEBHOOK_ENCRYPTION_KEY?: string;
    WEBHOOK_QUEUE: Queue;
    HISTORY_LIMIT: string;
    SCHEDULE_BATCH: string;
    MAX_WEBHOOKS: string;
    WEBHOOK_TIMEOUT_MS: string;
    PUBLIC_ORIGIN: string;
  }
}

/** Crawl bindings (wrangler.toml), typed by hand as `wrangler types` would until it is run again. */
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
  Variables: { db: Db; session: RequestSession; caller: Caller };
};

/** Body of a message on the analysis queue. */
export interface AnalysisJob {
  reportId: number;
  generation: number;
  /** Set when the page is audited for a crawl: the fetch then waits its slot and settles the crawl page. */
  crawlId?: number;
  crawlPageId?: number;
}

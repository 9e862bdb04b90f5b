import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { RequestSession } from "./db/request-session";
import type * as schema from "./db/schema";

declare global {
  // Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
  interface Env {
    /** HMAC key for report-page unlock cookies: a Worker secret (`wrangler secret put`). */
    REPORT_COOKIE_SECRET?: string;
  }
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
}

import type { Config } from "./config";
import type { Db } from "./db/client";
import type { RequestSession } from "./db/request-session";

declare global {
  // Secrets are not in wrangler.toml, so `wrangler types` cannot see them (everything else comes from
  // worker-configuration.d.ts: `npm run types` after changing wrangler.toml).
  interface Env {
    /** HMAC key for report-page unlock cookies: a Worker secret (`wrangler secret put`). */
    REPORT_COOKIE_SECRET?: string;
    /** AES-GCM key material for stored webhook secrets: a Worker secret. Without it webhook endpoints answer 503. */
    WEBHOOK_ENCRYPTION_KEY?: string;
    /** Google Cloud API key of the Chrome UX Report API: a Worker secret. Without it no field data is asked for. */
    CRUX_API_KEY?: string;
  }
  // The tests' `env` (cloudflare:workers) is typed as Cloudflare.Env: it gains the same secrets.
  namespace Cloudflare {
    interface Env {
      REPORT_COOKIE_SECRET?: string;
      WEBHOOK_ENCRYPTION_KEY?: string;
      CRUX_API_KEY?: string;
    }
  }
}

/** The caller, as resolved from its API key. */
export interface Caller {
  accountId: number;
  keyId: number;
}

export type AppEnv = {
  Bindings: Env;
  /** `settings`: the parsed config (src/config.ts), set once per request at the edge (src/http/settings.ts). */
  Variables: { db: Db; session: RequestSession; caller: Caller; settings: Config };
};

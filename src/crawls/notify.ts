import type { Crawl } from "../db/schema";
import type { Db } from "../env";

/**
 * Seam for the `crawl.completed` webhook: deliberately a no-op until the lead wires it to
 * emitEvent(env, db, accountId, "crawl.completed", crawlResource) from src/webhooks/emit-event.ts.
 */
export async function notifyCrawlCompleted(_env: Env, _db: Db, _crawl: Crawl): Promise<void> {}

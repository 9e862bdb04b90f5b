import type { CrawlDeps } from "./crawl-deps";
import { failStalledCrawls, releaseLostSettling } from "./crawl-lifecycle";
import { finalizeCrawl } from "./crawl-steps";
import { STALL_AFTER_MS } from "./settings";

/** A consumer that claimed the last page but died before writing the checks: its claim expires after this. */
const SETTLING_EXPIRES_MS = 5 * 60 * 1000;

/**
 * Nothing stays unfinished (docs/crawls.md): a running crawl with no page pending is finalised (its finalising consumer
 * was lost), and a crawl without progress for 30 minutes fails with `crawl_stalled`.
 */
export async function sweepCrawls(deps: CrawlDeps, now = Date.now()): Promise<{ finalized: number; stalled: number }> {
  const orphaned = await releaseLostSettling(deps.db, new Date(now - SETTLING_EXPIRES_MS).toISOString());
  for (const id of orphaned) await finalizeCrawl(deps, id);
  const stalled = await failStalledCrawls(deps.db, new Date(now - STALL_AFTER_MS).toISOString(), new Date(now).toISOString());
  return { finalized: orphaned.length, stalled };
}

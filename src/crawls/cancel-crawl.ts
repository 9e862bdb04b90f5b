import type { Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError, notFound } from "../http/errors";
import { failures } from "../targets/failures";
import { failCancelledCrawlPages } from "../reports/generation";
import { markCancelled } from "./crawl-lifecycle";
import { findCrawl } from "./find-crawl";

/**
 * Stops an unfinished crawl: status `cancelled`, and the reports its pending pages were about to regenerate fail
 * with `crawl_cancelled` (a regenerated report keeps its previous results). Pending messages then find the crawl
 * stopped and fetch nothing. Returns undefined when the crawl had already finished.
 */
export async function stopCrawl(db: Db, accountId: number, id: number): Promise<Crawl | undefined> {
  const now = new Date().toISOString();
  const [[cancelled]] = await db.batch([
    markCancelled(db, accountId, id, now),
    failCancelledCrawlPages(db, accountId, id, failures.crawlCancelled, now),
  ]);
  return cancelled;
}

/** POST /crawls/{id}/cancel: 409 when the crawl has already finished. */
export async function cancelCrawl(db: Db, accountId: number, id: number): Promise<Crawl> {
  const cancelled = await stopCrawl(db, accountId, id);
  if (cancelled) return cancelled;
  if (!(await findCrawl(db, accountId, id))) return notFound();
  throw new ApiError(409, "The crawl has already finished.");
}

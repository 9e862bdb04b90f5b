import { and, eq, inArray, sql } from "drizzle-orm";
import { crawlPages, crawls, reports, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError, notFound } from "../http/errors";
import { CANCELLED } from "./crawl-page-job";
import { findCrawl, UNFINISHED } from "./find-crawl";

/**
 * Stops an unfinished crawl: status `cancelled`, and the reports its pending pages were about to regenerate fail
 * with `crawl_cancelled` (a regenerated report keeps its previous results). Pending messages then find the crawl
 * stopped and fetch nothing. Returns undefined when the crawl had already finished.
 */
export async function stopCrawl(db: Db, accountId: number, id: number): Promise<Crawl | undefined> {
  const now = new Date().toISOString();
  const [[cancelled]] = await db.batch([
    db
      .update(crawls)
      .set({ status: "cancelled", finishedAt: now, updatedAt: now })
      .where(and(eq(crawls.id, id), eq(crawls.accountId, accountId), inArray(crawls.status, [...UNFINISHED])))
      .returning(),
    db
      .update(reports)
      .set({ status: "failed", errorCode: CANCELLED.code, errorMessage: CANCELLED.message, updatedAt: now })
      .where(
        sql`${reports.status} IN ('queued', 'processing') AND EXISTS (
          SELECT 1 FROM ${crawlPages} p JOIN ${crawls} c ON c.id = p.crawl_id
          WHERE p.crawl_id = ${id} AND c.account_id = ${accountId} AND c.status = 'cancelled' AND p.state = 'pending'
            AND p.report_id = ${reports.id} AND p.generation = ${reports.generation})`,
      ),
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

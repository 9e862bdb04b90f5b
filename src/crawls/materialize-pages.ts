import { sql } from "drizzle-orm";
import { runBatch } from "../db/batch";
import { crawlPages, projects, type Crawl } from "../db/schema";
import { attachReports, awaitingReport } from "./crawl-pages";
import type { Db } from "../db/client";
import { startCrawlPageGenerations } from "../reports/generation";

export interface QueuedPage {
  id: number;
  reportId: number;
  generation: number;
}

/**
 * Gives the new pending pages of the crawl their reports (every one, or the first `limit` by id), in one batch: the
 * account's latest report of that exact URL gets a new generation, other URLs get a new report with the crawl's
 * privacy. Returns the pages to queue.
 */
export async function materializePages(db: Db, crawl: Crawl, limit?: number): Promise<QueuedPage[]> {
  const pending = awaitingReport(crawl.id);
  // A chunk ends at its last page's id (the crawl's (crawl_id, state, id) index finds it without a sort).
  const [last] = limit ? await db.all<{ id: number }>(sql`SELECT p.id FROM ${crawlPages} p WHERE ${pending} ORDER BY p.id LIMIT 1 OFFSET ${limit - 1}`) : [];
  const fresh = last ? sql`${pending} AND p.id <= ${last.id}` : pending;
  const results = await runBatch(db, [
    db.insert(projects).values({ accountId: crawl.accountId, name: crawl.project }).onConflictDoNothing(),
    ...startCrawlPageGenerations(crawl, fresh, new Date().toISOString()),
    attachReports(crawl, fresh),
  ]);
  return (results[3]!.results as { id: number; report_id: number; generation: number }[])
    .map((r) => ({ id: r.id, reportId: r.report_id, generation: r.generation }))
    .sort((a, b) => a.id - b.id);
}

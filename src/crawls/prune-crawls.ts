import { sql } from "drizzle-orm";
import { crawlLinks, crawlPageFailures, crawlPages, crawls } from "../db/schema";
import type { Db } from "../db/client";
import { runBatch } from "../db/batch";
import { storeIssueSummary } from "./crawl-lifecycle";
import { prunePages } from "./crawl-pages";
import { issueSummaryOf } from "./summarize-crawls";

/**
 * One cron run's share of the work: each statement deletes at most `rows` rows, and a run sends at most `statements`
 * of them (summaries included), so no run meets D1's limits (a statement's time, an invocation's queries) whatever
 * the crawls' size; the rest waits for the next minute.
 */
export interface PruneBounds {
  rows: number;
  statements: number;
}

export const PRUNE_BOUNDS: PruneBounds = { rows: 5000, statements: 20 };

// A project's completed crawls, newest first: the oldest past the first `history` that still holds page rows (its
// pages go last, so a page left means rows left).
const nextToPrune = (history: number) => sql`
  SELECT id, pruned_at IS NOT NULL AS pruned FROM (
    SELECT id, pruned_at, row_number() OVER (PARTITION BY account_id, project ORDER BY id DESC) AS rank
    FROM ${crawls} WHERE status = 'completed') c
  WHERE rank > ${history} AND (pruned_at IS NULL OR EXISTS (SELECT 1 FROM ${crawlPages} p WHERE p.crawl_id = c.id))
  ORDER BY id LIMIT 1`;

// Page rows of one crawl, in the order they go: failures and links name pages, so pages go last.
const chunkOf = (table: typeof crawlPageFailures | typeof crawlLinks) => (crawlId: number, rows: number) =>
  sql`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE crawl_id = ${crawlId} LIMIT ${rows})`;
const pageTables = [chunkOf(crawlPageFailures), chunkOf(crawlLinks), prunePages];


/**
 * Removes the page rows (crawl_pages, crawl_page_failures, crawl_links) of every project's completed crawls past its
 * last `history`, within `bounds`, oldest crawl first; a crawl left half done is resumed by the next run. Reports
 * stay: they are the account's, one per URL. Returns the crawls it emptied and the rows it deleted.
 */
export async function pruneCrawls(db: Db, history: number, bounds = PRUNE_BOUNDS, now = new Date()) {
  let left = bounds.statements;
  let deleted = 0;
  let pruned = 0;
  while (left > 0) {
    const [found] = await runBatch(db, [nextToPrune(history)]);
    const next = found!.results[0] as { id: number; pruned: number } | undefined;
    if (!next) break;
    if (!next.pruned) {
      // The summary first (or again, if the summarizer took it before): from here on the crawl answers from it.
      await storeIssueSummary(db, next.id, await issueSummaryOf(db, next.id), now.toISOString());
      left -= 1;
    }
    for (const table of pageTables) {
      for (;;) {
        if (left <= 0) return { pruned, deleted };
        const [result] = await runBatch(db, [table(next.id, bounds.rows)]);
        left -= 1;
        const changes = result!.meta.changes ?? 0;
        deleted += changes;
        if (changes < bounds.rows) break;
      }
    }
    // Every table answered a short batch: the crawl has no page rows left.
    pruned += 1;
  }
  return { pruned, deleted };
}

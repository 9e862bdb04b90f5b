import { and, asc, eq, isNull } from "drizzle-orm";
import { crawls } from "../db/schema";
import type { Db } from "../db/client";
import { runBatch } from "../db/batch";
import type { IssueSummary } from "../site/issues/issue-rows";
import { storeIssueSummary } from "./crawl-lifecycle";
import { pageCounts } from "./find-crawl";
import { tallies, tallyStatement } from "./tally-failures";

/** Completed crawls summarized per cron run: each is one GROUP BY over its failures' key. */
export const SUMMARIES_PER_RUN = 5;

/** A crawl's page checks tallied (count and first URLs) and its pages by state, counted over its rows. */
export async function issueSummaryOf(db: Db, crawlId: number): Promise<IssueSummary> {
  const [[tallied], counts] = await Promise.all([runBatch(db, [tallyStatement(crawlId)]), pageCounts(db, [crawlId])]);
  return { checks: Object.fromEntries(tallies(tallied!.results)), pages: { ...counts.get(crawlId)! } };
}

/**
 * Stores the issue summary of completed crawls that have none, oldest first (a crawl stores its own when it completes:
 * this catches those completed before, or whose finaliser stopped between the two writes). Returns the crawls summarized.
 */
export async function summarizeCompletedCrawls(db: Db, limit = SUMMARIES_PER_RUN): Promise<number> {
  const due = await db
    .select({ id: crawls.id })
    .from(crawls)
    .where(and(eq(crawls.status, "completed"), isNull(crawls.issueSummary)))
    .orderBy(asc(crawls.id))
    .limit(limit);
  for (const { id } of due) await storeIssueSummary(db, id, await issueSummaryOf(db, id));
  return due.length;
}

import { sql, type SQL } from "drizzle-orm";
import { runBatch } from "../db/batch";
import { crawlPages, projects, type Crawl } from "../db/schema";
import { attachReports, awaitingReport, dropPastRoom, pastRoom } from "./crawl-pages";
import type { Db } from "../db/client";
import { startCrawlPageGenerations } from "../reports/generation";
import { countUsageOf, resetsAt, roomLeft, usageCounterNames, type UsageCounter } from "../accounts/usage";
import { markQuotaReached } from "./crawl-lifecycle";

export interface QueuedPage {
  id: number;
  reportId: number;
  generation: number;
}

/** The crawl's stop at a monthly quota, as its `error` says it. */
const quotaReached = (counter: UsageCounter, at: Date) => ({
  code: "quota_exceeded",
  message: `The account's monthly quota of ${usageCounterNames[counter]} was reached: the pages past it were not crawled. It resets at ${resetsAt(at)}.`,
});

/**
 * Gives the new pending pages of the crawl their reports (every one, or the first `limit` by id), in one batch: the
 * account's latest report of that exact URL gets a new generation, other URLs get a new report with the crawl's
 * privacy. The same batch counts them as crawled pages (and rendered ones, for a rendered crawl) and drops first the
 * pages past the account's monthly quota, so the count is exact however many consumers run. Returns the pages to queue.
 */
export async function materializePages(db: Db, crawl: Crawl, limit?: number): Promise<QueuedPage[]> {
  const pending = awaitingReport(crawl.id);
  // A chunk ends at its last page's id (the crawl's (crawl_id, state, id) index finds it without a sort).
  const [last] = limit ? await db.all<{ id: number }>(sql`SELECT p.id FROM ${crawlPages} p WHERE ${pending} ORDER BY p.id LIMIT 1 OFFSET ${limit - 1}`) : [];
  const fresh = last ? sql`${pending} AND p.id <= ${last.id}` : pending;
  const at = new Date();
  const counters: UsageCounter[] = crawl.render ? ["crawl_pages", "rendered"] : ["crawl_pages"];
  const room = (counter: UsageCounter) => roomLeft(crawl.accountId, counter, at);
  const past = (counter: UsageCounter): SQL => sql`EXISTS (${pastRoom(fresh, room(counter))})`;
  const results = await runBatch(db, [
    ...counters.map((counter) => markQuotaReached(db, crawl.id, quotaReached(counter, at), past(counter))),
    ...counters.map((counter) => dropPastRoom(fresh, room(counter))),
    countUsageOf(crawl.accountId, counters, sql`(SELECT count(*) FROM ${crawlPages} p WHERE ${fresh})`, at),
    db.insert(projects).values({ accountId: crawl.accountId, name: crawl.project }).onConflictDoNothing(),
    ...startCrawlPageGenerations(crawl, fresh, at.toISOString()),
    attachReports(crawl, fresh),
  ]);
  return (results.at(-1)!.results as { id: number; report_id: number; generation: number }[])
    .map((r) => ({ id: r.id, reportId: r.report_id, generation: r.generation }))
    .sort((a, b) => a.id - b.id);
}

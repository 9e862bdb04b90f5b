import { and, eq, sql, type SQL } from "drizzle-orm";
import { accounts, accountUsage } from "../db/schema";
import type { Db } from "../db/client";

/*
 * Quotas and usage per account and calendar month (UTC): the counters, their limits (accounts.quota_*, null: none)
 * and the statements that count. A counter is incremented by a statement inside the batch of the work it counts, so
 * the work and its count commit or fail together, and D1 runs a batch alone: two requests at the boundary cannot
 * both pass the Nth. The rate-limit binding is per location and approximate by design; these counters are exact.
 */

export const usageCounters = ["reports", "crawl_pages", "rendered"] as const;
export type UsageCounter = (typeof usageCounters)[number];

/** What each counter counts, as messages name it. */
export const usageCounterNames: Record<UsageCounter, string> = {
  reports: "reports analysed",
  crawl_pages: "crawled pages",
  rendered: "rendered pages",
};

/** Each counter's column in account_usage (as drizzle names it and as SQL does) and its limit's in accounts. */
const columns = {
  reports: { field: "reports", used: "reports", limit: "quota_reports" },
  crawl_pages: { field: "crawlPages", used: "crawl_pages", limit: "quota_crawl_pages" },
  rendered: { field: "rendered", used: "rendered", limit: "quota_rendered" },
} as const satisfies Record<UsageCounter, { field: keyof typeof accountUsage.$inferSelect; used: string; limit: string }>;

/** The month a moment counts in, as account_usage keys it: "2026-11". */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** When the month of `at` ends and its counters start again from zero: the first instant of the next UTC month. */
export const resetsAt = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toISOString();

/** An account id: a number, or a qualified column of the outer query (set-based statements over several accounts). */
type AccountRef = number | SQL;

const limitOf = (accountId: AccountRef, counter: UsageCounter) =>
  sql`(SELECT ${sql.raw(columns[counter].limit)} FROM ${accounts} WHERE id = ${accountId})`;

/** `used + n` when it stays within the limit, else NULL: the NOT NULL column then fails the statement. */
const withinLimit = (accountId: number, counter: UsageCounter, used: SQL, n: number) =>
  sql`CASE WHEN ${limitOf(accountId, counter)} IS NULL OR ${used} + ${n} <= ${limitOf(accountId, counter)} THEN ${used} + ${n} END`;

/**
 * For the batch of the work it counts: adds `counts` to the account's counters of the month, and fails the statement
 * (so the batch: nothing of the work is written) when one would pass its limit. `withinQuota` (src/http/quota.ts)
 * turns that failure into the 429. A builder, not raw SQL, so drizzle's db.batch takes it too.
 */
export function countUsage(db: Db, accountId: number, counts: Partial<Record<UsageCounter, number>>, at = new Date()) {
  const counted = usageCounters.filter((counter) => (counts[counter] ?? 0) > 0);
  const first = Object.fromEntries(counted.map((counter) => [columns[counter].field, withinLimit(accountId, counter, sql`0`, counts[counter]!)]));
  const next = Object.fromEntries(
    counted.map((counter) => [columns[counter].field, withinLimit(accountId, counter, sql.raw(`account_usage.${columns[counter].used}`), counts[counter]!)]),
  );
  return db
    .insert(accountUsage)
    .values({ accountId, month: monthOf(at), ...first })
    .onConflictDoUpdate({ target: [accountUsage.accountId, accountUsage.month], set: next });
}

/** The room a counter has left this month, as SQL (a large number when it has no limit), for the crawl's capped count. */
export const roomLeft = (accountId: AccountRef, counter: UsageCounter, at = new Date()) =>
  sql`coalesce(max(0, ${limitOf(accountId, counter)} - coalesce((SELECT ${sql.raw(columns[counter].used)} FROM ${accountUsage}
        WHERE account_id = ${accountId} AND month = ${monthOf(at)}), 0)), 9223372036854775807)`;

/**
 * Adds `count` (SQL, read when the statement runs: pages just kept by the batch) to counters whose room the batch
 * already respected, so it never fails: the crawl's pages past the room were left out before it.
 */
export function countUsageOf(accountId: number, counters: UsageCounter[], count: SQL, at = new Date()): SQL {
  const names = counters.map((counter) => sql.raw(columns[counter].used));
  const next = counters.map((counter) => sql`${sql.raw(columns[counter].used)} = ${sql.raw(`account_usage.${columns[counter].used}`)} + excluded.${sql.raw(columns[counter].used)}`);
  return sql`
    INSERT INTO ${accountUsage} (account_id, month, ${sql.join(names, sql`, `)})
    SELECT ${accountId}, ${monthOf(at)}, ${sql.join(counters.map(() => sql`n`), sql`, `)} FROM (SELECT ${count} AS n) WHERE n > 0
    ON CONFLICT (account_id, month) DO UPDATE SET ${sql.join(next, sql`, `)}`;
}

export interface CounterUsage {
  used: number;
  limit: number | null;
}

/** The account's counters this month and their limits. */
export async function usageOf(db: Db, accountId: number, at = new Date()): Promise<Record<UsageCounter, CounterUsage>> {
  const row = await db
    .select({
      reports: accountUsage.reports,
      crawlPages: accountUsage.crawlPages,
      rendered: accountUsage.rendered,
      quotaReports: accounts.quotaReports,
      quotaCrawlPages: accounts.quotaCrawlPages,
      quotaRendered: accounts.quotaRendered,
    })
    .from(accounts)
    .leftJoin(accountUsage, and(eq(accountUsage.accountId, accounts.id), eq(accountUsage.month, monthOf(at))))
    .where(eq(accounts.id, accountId))
    .get();
  return {
    reports: { used: row?.reports ?? 0, limit: row?.quotaReports ?? null },
    crawl_pages: { used: row?.crawlPages ?? 0, limit: row?.quotaCrawlPages ?? null },
    rendered: { used: row?.rendered ?? 0, limit: row?.quotaRendered ?? null },
  };
}

/** The counter a failed statement of `countUsage` names, from the database's error (its message or a cause's). */
export function refusedCounter(error: unknown): UsageCounter | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const match = /NOT NULL constraint failed: account_usage\.(\w+)/.exec(e.message);
    if (match) return usageCounters.find((counter) => columns[counter].used === match[1]) ?? null;
  }
  return null;
}

/**
 * The quota verdict of each finished report among a schedule tick's due runs (`due`, a condition on `reports`), as
 * the CTE `verdicts` (id, account_id, render, refused) for the statements of the tick's batch: per account, oldest due
 * first, a rendered report past the rendered room is refused for `rendered`, then the rest past the room of reports
 * analysed for `reports`; `refused` is null for the runs that fit. Refusing the refused first leaves only runs that
 * fit (the refused are each account's last), so the same CTE read again in the same batch counts exactly those.
 */
export function dueRunVerdicts(due: SQL, at = new Date()): SQL {
  return sql`WITH d AS (
      SELECT id, account_id, render, next_run_at,
             CASE WHEN render = 1 THEN row_number() OVER (PARTITION BY account_id, render ORDER BY next_run_at, id) END AS rendered_rank
      FROM reports WHERE ${due} AND +status IN ('completed', 'failed')),
    r AS (SELECT d.*, coalesce(d.rendered_rank > ${roomLeft(sql`d.account_id`, "rendered", at)}, 0) AS over_rendered FROM d),
    verdicts AS (
      SELECT id, account_id, render,
             CASE WHEN over_rendered THEN 'rendered'
                  WHEN row_number() OVER (PARTITION BY account_id, over_rendered ORDER BY next_run_at, id) > ${roomLeft(sql`r.account_id`, "reports", at)}
                  THEN 'reports' END AS refused
      FROM r)`;
}

/** For the same batch, after the refused runs left the window: counts the runs that fit, per account. */
export const countDueRuns = (verdicts: SQL, at = new Date()) => sql`${verdicts}
  INSERT INTO ${accountUsage} (account_id, month, reports, rendered)
  SELECT account_id, ${monthOf(at)}, count(*), sum(render) FROM verdicts WHERE refused IS NULL GROUP BY account_id
  ON CONFLICT (account_id, month) DO UPDATE SET reports = account_usage.reports + excluded.reports, rendered = account_usage.rendered + excluded.rendered`;

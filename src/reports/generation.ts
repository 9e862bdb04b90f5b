import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import { crawlPages, crawls, projects, reports, unfinished } from "../db/schema";
import type { Db } from "../db/client";
import { advanceSql } from "../schedules/next-run";
import type { GenerationRef } from "./analysis-job";
import type { Failure } from "../targets/failures";
import { encodeResults } from "./results-codec";
import { countDueRuns, dueRunVerdicts, resetsAt, usageCounterNames, type UsageCounter } from "../accounts/usage";

/*
 * The one writer of a report's `status` and `generation`. A generation starts queued (create, regenerate, a
 * schedule's run, a crawl's page), may be marked processing and queued again for a retry, and ends once:
 * completed or failed (finish-generation.ts adds its history row and events in the same batch). Every write
 * after the start is conditioned on the job's generation, so a stale or duplicate delivery changes nothing.
 */

const sameGeneration = (job: GenerationRef) => and(eq(reports.id, job.reportId), eq(reports.generation, job.generation));
/** Only a generation still waiting or running ends: a finished one keeps its verdict. */
const stillRunning = inArray(reports.status, ["queued", "processing"]);

/** The columns of a new report's first generation (create). */
export const firstGeneration = { status: "queued", generation: 1 } as const;

/** A generation not retrying (docs/operations.md "Slow lane and retries"): how each one starts and ends. */
const noRetry = { attempts: 0, lastErrorCode: null, lastErrorMessage: null, lastErrorAt: null, nextAttemptAt: null };
/** The same columns for the statements written in SQL. */
const noRetrySql = sql.raw("attempts = 0, last_error_code = NULL, last_error_message = NULL, last_error_at = NULL, next_attempt_at = NULL");

/** The columns of a generation that ends failed, whatever ended it: the previous results stay. */
const failedWith = (failure: Pick<Failure, "code" | "message">, now: string) => ({
  status: "failed" as const,
  errorCode: failure.code,
  errorMessage: failure.message,
  ...noRetry,
  updatedAt: now,
});

/** The columns that start a report's next generation (regenerate): the previous results stay until it ends. */
export const nextGeneration = () => ({ status: "queued" as const, generation: sql`${reports.generation} + 1`, ...noRetry });

export const markProcessing = (db: Db, job: GenerationRef) =>
  db.update(reports).set({ status: "processing", nextAttemptAt: null, updatedAt: new Date().toISOString() }).where(sameGeneration(job));

/** What the consumer knows when it moves a generation on: the attempts it has counted, and what it is waiting for. */
export interface RetryState {
  /** Full attempts made so far (a first-deadline miss in the main lane is not one). */
  attempts: number;
  /** The temporary failure of the last attempt. */
  lastError: Pick<Failure, "code" | "message">;
  nextAttemptAt: Date;
}

/** A temporary failure with attempts left: the generation is queued again (in the slow lane) and says why and when. */
export const markRetrying = (db: Db, job: GenerationRef, retry: RetryState, now = new Date().toISOString()) =>
  db
    .update(reports)
    .set({
      status: "queued",
      attempts: retry.attempts,
      lastErrorCode: retry.lastError.code,
      lastErrorMessage: retry.lastError.message,
      lastErrorAt: now,
      nextAttemptAt: retry.nextAttemptAt.toISOString(),
      updatedAt: now,
    })
    .where(and(sameGeneration(job), stillRunning));

/** The target missed the main lane's first deadline: the generation waits in the slow lane, no attempt counted. */
export const markMovedToSlowLane = (db: Db, job: GenerationRef) =>
  db.update(reports).set({ status: "queued", updatedAt: new Date().toISOString() }).where(and(sameGeneration(job), stillRunning));

/** Its host is at its cap: the generation waits its turn; the touch keeps the stale sweep off a long wait. */
export const markWaitingForHost = (db: Db, job: GenerationRef) =>
  db.update(reports).set({ updatedAt: new Date().toISOString() }).where(and(sameGeneration(job), stillRunning));

/**
 * The end of a generation in one statement: results, score and status; a failed regeneration keeps the previous
 * results. Only a generation still running ends, once: the history row and events ride on that.
 */
export function endGeneration(db: Db, job: GenerationRef, outcome: AnalysisOutcome, now = new Date().toISOString()) {
  if (!outcome.ok) return failGeneration(db, job, outcome, now);
  return db
    .update(reports)
    .set({
      status: "completed",
      previousScore: sql`${reports.score}`,
      finalUrl: outcome.finalUrl,
      score: outcome.score,
      result: outcome.result,
      issuesHigh: outcome.issues.high,
      issuesMedium: outcome.issues.medium,
      issuesLow: outcome.issues.low,
      results: encodeResults(outcome.results),
      metrics: outcome.metrics ?? null,
      errorCode: null,
      errorMessage: null,
      ...noRetry,
      generatedAt: now,
      updatedAt: now,
    })
    .where(and(sameGeneration(job), stillRunning));
}

/** A generation that ends failed: an analysis failure, or one without fetch (queue refused, crawl stopped). */
export const failGeneration = (db: Db, job: GenerationRef, failure: Pick<Failure, "code" | "message">, now = new Date().toISOString()) =>
  db
    .update(reports)
    .set(failedWith(failure, now))
    .where(and(sameGeneration(job), stillRunning));

/**
 * The sweep: generations untouched since `cutoff` lost their message and fail. It writes `unfinished` literally,
 * which lets SQLite use the partial index of unfinished reports. Returns the generations it failed.
 */
export const failStaleGenerations = (db: Db, cutoff: string, failure: Failure, now: string): Promise<GenerationRef[]> =>
  db
    .update(reports)
    .set(failedWith(failure, now))
    .where(and(unfinished, lt(reports.updatedAt, cutoff)))
    .returning({ reportId: reports.id, generation: reports.generation });

/**
 * For the batch that cancels a crawl, after its UPDATE: the generations its pending pages were about to run fail
 * (a regenerated report keeps its previous results); their messages then find the crawl stopped.
 */
export const failCancelledCrawlPages = (db: Db, accountId: number, crawlId: number, failure: Failure, now: string) =>
  db
    .update(reports)
    .set(failedWith(failure, now))
    .where(
      sql`${reports.status} IN ('queued', 'processing') AND EXISTS (
        SELECT 1 FROM ${crawlPages} p JOIN ${crawls} c ON c.id = p.crawl_id
        WHERE p.crawl_id = ${crawlId} AND c.account_id = ${accountId} AND c.status = 'cancelled' AND p.state = 'pending'
          AND p.report_id = ${reports.id} AND p.generation = ${reports.generation})`,
    );

/** The key of the last run in a tick's window (the oldest `limit` due runs), as the tick read it before its batch. */
export interface WindowEnd {
  nextRunAt: number;
  id: number;
}

/** The due runs up to the window's end (every due run when fewer than the window were due); the end is due, so
 * `next_run_at <= end` is both the due test and the index's range. */
const dueUpTo = (nowSeconds: number, end: WindowEnd | null) =>
  end
    ? sql`next_run_at <= ${end.nextRunAt} AND (next_run_at < ${end.nextRunAt} OR id <= ${end.id})`
    : sql`next_run_at <= ${nowSeconds}`;

/** The window's end: the key of its `limit`th due run, or null when fewer are due. */
export const windowEndSql = (nowSeconds: number, limit: number) =>
  sql`SELECT next_run_at AS nextRunAt, id FROM reports WHERE next_run_at <= ${nowSeconds} ORDER BY next_run_at, id LIMIT 1 OFFSET ${limit - 1}`;

/** A scheduled run refused by a monthly quota, as its report's error says it. */
const refusedRunMessage = (counter: UsageCounter, at: Date) =>
  `The account's monthly quota of ${usageCounterNames[counter]} is used up: this scheduled run was skipped. It resets at ${resetsAt(at)}; the next scheduled run tries again.`;

/**
 * A schedule tick's claim, for one batch, over the window of the oldest due runs (bounded by its end's key, so every
 * statement sees the same rows however the ones before moved theirs on): the finished reports past their account's
 * monthly quota start a generation that fails at once with `quota_exceeded` (the previous results stay, as for a
 * run the queue refuses), the others are counted (reports analysed, and rendered pages for a rendered report) and
 * start their next generation (RETURNING says which this tick took), then whatever of the window is still analysing
 * only moves on. Every claimed or refused row leaves the window: it is no longer due. `+status` keeps SQLite from
 * scanning the status index (every finished report) instead of the window.
 */
export function claimScheduledRuns(nowSeconds: number, end: WindowEnd | null, now: string): [refuse: SQL, count: SQL, claim: SQL, skip: SQL] {
  const at = new Date(now);
  const advance = sql.raw(advanceSql(nowSeconds));
  const due = dueUpTo(nowSeconds, end);
  const verdicts = dueRunVerdicts(due, at);
  return [
    sql`${verdicts}
        UPDATE reports SET next_run_at = ${advance}, status = 'failed', generation = generation + 1, ${noRetrySql},
          error_code = 'quota_exceeded',
          error_message = CASE verdicts.refused WHEN 'rendered' THEN ${refusedRunMessage("rendered", at)} ELSE ${refusedRunMessage("reports", at)} END,
          updated_at = ${now}
        FROM verdicts WHERE reports.id = verdicts.id AND verdicts.refused IS NOT NULL`,
    countDueRuns(verdicts, at),
    sql`UPDATE reports SET next_run_at = ${advance}, status = 'queued', generation = generation + 1, ${noRetrySql}, updated_at = ${now}
        WHERE ${due} AND +status IN ('completed', 'failed') RETURNING id, generation`,
    sql`UPDATE reports SET next_run_at = ${advance} WHERE ${due} AND +status IN ('queued', 'processing')`,
  ];
}

/** Who a crawl's reports belong to, and the access a new one gets. */
export interface CrawlOwner {
  accountId: number;
  project: string;
  privacy: number;
  passwordHash: string | null;
  /** The crawl's login (sealed), which a new page report keeps so it can be regenerated alone. */
  authSecret: string | null;
  authSummary: { type: "basic" | "headers"; names: string[] } | null;
}

/**
 * For the batch that gives a crawl's new pages (`pages`, a condition on crawl_pages `p`) their reports: the
 * account's latest report of each exact URL starts its next generation, other URLs get a new report (its first
 * generation) with the crawl's privacy and login; a report that exists keeps its own (the crawl's pages are fetched
 * with the crawl's login whatever their report holds). The project row must exist before them in the batch.
 */
export function startCrawlPageGenerations(owner: CrawlOwner, pages: SQL, now: string): [SQL, SQL] {
  return [
    sql`
      UPDATE ${reports} SET generation = generation + 1, status = 'queued', ${noRetrySql}, updated_at = ${now}
      WHERE id IN (SELECT max(r.id) FROM ${reports} r JOIN ${crawlPages} p ON r.account_id = ${owner.accountId} AND r.url = p.url
                   WHERE ${pages} GROUP BY p.url)`,
    sql`
      INSERT INTO ${reports} (account_id, project_id, url, privacy, password_hash, auth_secret, auth_summary)
      SELECT ${owner.accountId}, (SELECT id FROM ${projects} WHERE account_id = ${owner.accountId} AND name = ${owner.project}),
             p.url, ${owner.privacy}, ${owner.passwordHash}, ${owner.authSecret},
             ${owner.authSummary ? JSON.stringify(owner.authSummary) : null}
      FROM ${crawlPages} p
      WHERE ${pages} AND NOT EXISTS (SELECT 1 FROM ${reports} r WHERE r.account_id = ${owner.accountId} AND r.url = p.url)
      ORDER BY p.id`,
  ];
}

import { and, eq, inArray, sql } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import { reports } from "../db/schema";
import type { Db } from "../db/client";
import type { AnalysisJob } from "../env";
import { encodeResults } from "../reports/results-codec";

/** Every write is conditioned on the job's generation: a stale or duplicate delivery changes nothing. */
const sameGeneration = (job: AnalysisJob) => and(eq(reports.id, job.reportId), eq(reports.generation, job.generation));

export const markProcessing = (db: Db, job: AnalysisJob) =>
  db.update(reports).set({ status: "processing", updatedAt: new Date().toISOString() }).where(sameGeneration(job));

export const markQueuedForRetry = (db: Db, job: AnalysisJob) =>
  db.update(reports).set({ status: "queued", updatedAt: new Date().toISOString() }).where(sameGeneration(job));

/**
 * The new results, score and status in one statement; a failed regeneration keeps the previous results.
 * Only a generation still running completes, once: the history row and events ride on that (src/history).
 */
export function saveOutcome(db: Db, job: AnalysisJob, outcome: AnalysisOutcome, now = new Date().toISOString()) {
  if (!outcome.ok) return markFailed(db, job, outcome.code, outcome.message, now);
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
      errorCode: null,
      errorMessage: null,
      generatedAt: now,
      updatedAt: now,
    })
    .where(and(sameGeneration(job), inArray(reports.status, ["queued", "processing"])));
}

/** Only a report still waiting on this generation is marked: a finished one keeps its verdict. */
export const markFailed = (db: Db, job: AnalysisJob, code: string, message: string, now = new Date().toISOString()) =>
  db
    .update(reports)
    .set({ status: "failed", errorCode: code, errorMessage: message, updatedAt: now })
    .where(and(sameGeneration(job), inArray(reports.status, ["queued", "processing"])));

import { runBatch } from "../db/batch";
import type { Db } from "../db/client";
import type { Config } from "../config";
import { enqueueAnalyses } from "./enqueue-analysis";
import { failures } from "../targets/failures";
import { claimScheduledRuns, windowEndSql, type WindowEnd } from "./generation";

export interface TickStats {
  enqueued: number;
  /** Due runs refused by their account's monthly quota: failed at once with `quota_exceeded`. */
  refused: number;
  skipped: number;
  failed: number;
  rowsRead: number;
  rowsWritten: number;
}

/**
 * One cron tick of schedules: claims at most SCHEDULE_BATCH due reports, oldest due first, and enqueues their
 * regeneration. Claiming is the UPDATE itself (next_run_at moves on, the generation is bumped, RETURNING says
 * which rows this tick took), before anything is sent, so two overlapping ticks never take the same due run.
 * A report still analysing is not enqueued again; its next_run_at moves on all the same. The batch's D1 meta
 * gives the rows read and written that each tick logs. A run the queue refuses fails; the next run tries again.
 * The same batch counts the runs in their accounts' monthly quotas, and fails those past them (generation.ts).
 */
export async function runDueSchedules(db: Db, analysisQueue: Queue, settings: Pick<Config, "scheduleBatch">, nowMs = Date.now()): Promise<TickStats> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const [end] = await db.all<WindowEnd>(windowEndSql(nowSeconds, settings.scheduleBatch));
  const results = await runBatch(db, claimScheduledRuns(nowSeconds, end ?? null, new Date(nowMs).toISOString()));
  const [refused, , claimed, skipped] = results;
  const jobs = (claimed!.results as { id: number; generation: number }[]).map((row) => ({ job: { kind: "report" as const, reportId: row.id, generation: row.generation } }));
  const notQueued = await enqueueAnalyses(db, analysisQueue, jobs, { failure: failures.scheduledEnqueueFailed });
  const stats = {
    enqueued: jobs.length - notQueued.length,
    refused: refused!.meta.changes,
    skipped: skipped!.meta.changes,
    failed: notQueued.length,
    rowsRead: results.reduce((sum, result) => sum + result.meta.rows_read, 0),
    rowsWritten: results.reduce((sum, result) => sum + result.meta.rows_written, 0),
  };
  if (jobs.length > 0 || stats.skipped > 0 || stats.refused > 0) console.log(JSON.stringify({ schedule_tick: stats }));
  return stats;
}

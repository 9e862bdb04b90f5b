import { runBatch } from "../db/batch";
import type { Db } from "../db/client";
import type { Config } from "../config";
import { enqueueAnalyses } from "./enqueue-analysis";
import { failures } from "../targets/failures";
import { claimScheduledRuns } from "./generation";

export interface TickStats {
  enqueued: number;
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
 */
export async function runDueSchedules(db: Db, analysisQueue: Queue, settings: Pick<Config, "scheduleBatch">, nowMs = Date.now()): Promise<TickStats> {
  const [claimed, skipped] = await runBatch(db, claimScheduledRuns(Math.floor(nowMs / 1000), settings.scheduleBatch, new Date(nowMs).toISOString()));
  const jobs = (claimed!.results as { id: number; generation: number }[]).map((row) => ({ job: { kind: "report" as const, reportId: row.id, generation: row.generation } }));
  const refused = await enqueueAnalyses(db, analysisQueue, jobs, { failure: failures.scheduledEnqueueFailed });
  const stats = {
    enqueued: jobs.length - refused.length,
    skipped: skipped!.meta.changes,
    failed: refused.length,
    rowsRead: skipped!.meta.rows_read + claimed!.meta.rows_read,
    rowsWritten: skipped!.meta.rows_written + claimed!.meta.rows_written,
  };
  if (jobs.length > 0 || stats.skipped > 0) console.log(JSON.stringify({ schedule_tick: stats }));
  return stats;
}

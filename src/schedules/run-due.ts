import { config } from "../config";
import { advanceSql } from "./next-run";

const SEND_BATCH_LIMIT = 100;

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
 * A report still analysing is not enqueued again; its next_run_at moves on all the same.
 * Raw D1 here, for the rows read and written that each tick logs.
 */
export async function runDueSchedules(env: Env, nowMs = Date.now()): Promise<TickStats> {
  const now = Math.floor(nowMs / 1000);
  const limit = config(env).scheduleBatch;
  // One window of the oldest due runs. Its finished reports are claimed first; then whatever of the window
  // is still analysing only moves on (after the claim the window holds no claimed row: they are no longer due).
  // `+status` keeps SQLite from scanning the status index (every finished report) instead of the window.
  const window = "SELECT id FROM reports WHERE next_run_at <= ?1 ORDER BY next_run_at, id LIMIT ?2";
  const [claimed, skipped] = await env.DB.batch<{ id: number; generation: number }>([
    env.DB.prepare(
      `UPDATE reports SET next_run_at = ${advanceSql(now)}, status = 'queued', generation = generation + 1, updated_at = ?3
       WHERE id IN (${window}) AND +status IN ('completed', 'failed') RETURNING id, generation`,
    ).bind(now, limit, new Date(nowMs).toISOString()),
    env.DB.prepare(`UPDATE reports SET next_run_at = ${advanceSql(now)} WHERE id IN (${window}) AND +status IN ('queued', 'processing')`).bind(now, limit),
  ]);
  const jobs = claimed!.results;
  let failed = 0;
  for (let i = 0; i < jobs.length; i += SEND_BATCH_LIMIT) {
    const chunk = jobs.slice(i, i + SEND_BATCH_LIMIT);
    try {
      await env.ANALYSIS_QUEUE.sendBatch(chunk.map((job) => ({ body: { reportId: job.id, generation: job.generation }, contentType: "json" as const })));
    } catch (error) {
      console.error("scheduled runs could not be queued", error);
      failed += chunk.length;
      await markNotQueued(env, chunk);
    }
  }
  const stats = {
    enqueued: jobs.length - failed,
    skipped: skipped!.meta.changes,
    failed,
    rowsRead: skipped!.meta.rows_read + claimed!.meta.rows_read,
    rowsWritten: skipped!.meta.rows_written + claimed!.meta.rows_written,
  };
  if (jobs.length > 0 || stats.skipped > 0) console.log(JSON.stringify({ schedule_tick: stats }));
  return stats;
}

/** As when a regeneration cannot be queued from the API: failed with a clear code, the next run tries again. */
async function markNotQueued(env: Env, jobs: { id: number; generation: number }[]) {
  await env.DB.batch(
    jobs.map((job) =>
      env.DB.prepare(
        `UPDATE reports SET status = 'failed', error_code = 'enqueue_failed',
         error_message = 'The scheduled analysis could not be queued; the next scheduled run will try again.', updated_at = ?3
         WHERE id = ?1 AND generation = ?2 AND status = 'queued'`,
      ).bind(job.id, job.generation, new Date().toISOString()),
    ),
  );
}

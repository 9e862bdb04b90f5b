import { and, lt } from "drizzle-orm";
import { createDb } from "../db/client";
import { reports, unfinished } from "../db/schema";
import { recordFailedGenerations } from "../history/finish-generation";

/** Far beyond the longest retry schedule (5 deliveries of 15 s with 2-16 s backoff), so only lost messages match. */
export const STALE_AFTER_MS = 15 * 60 * 1000;

/**
 * The safety net behind "never queued or processing forever": a report untouched that long lost its message
 * (a queue outage, a local dev reload). It is failed with a clear code; regenerating it queues it again.
 */
export async function failStaleReports(env: Env, now = Date.now()): Promise<number> {
  const db = createDb(env.DB);
  const cutoff = new Date(now - STALE_AFTER_MS).toISOString();
  const failure = { ok: false as const, code: "analysis_lost", message: "The analysis did not finish in time. Regenerate the report to try again.", temporary: false };
  const stale = await db
    .update(reports)
    .set({ status: "failed", errorCode: failure.code, errorMessage: failure.message, updatedAt: new Date(now).toISOString() })
    .where(and(unfinished, lt(reports.updatedAt, cutoff)))
    .returning({ reportId: reports.id, generation: reports.generation });
  await recordFailedGenerations(env, db, stale, failure, new Date(now));
  return stale.length;
}

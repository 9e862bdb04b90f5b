import type { Db } from "../db/client";
import { failures } from "./failures";
import { recordFailedGenerations } from "./finish-generation";
import { failStaleGenerations } from "./generation";

/** Far beyond the longest retry schedule (5 deliveries of 15 s with 2-16 s backoff), so only lost messages match. */
export const STALE_AFTER_MS = 15 * 60 * 1000;

/**
 * The safety net behind "never queued or processing forever": a report untouched that long lost its message
 * (a queue outage, a local dev reload). It is failed with a clear code; regenerating it queues it again.
 */
export async function failStaleReports(env: Env, db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - STALE_AFTER_MS).toISOString();
  const stale = await failStaleGenerations(db, cutoff, failures.analysisLost, new Date(now).toISOString());
  await recordFailedGenerations(env, db, stale, failures.analysisLost, new Date(now));
  return stale.length;
}

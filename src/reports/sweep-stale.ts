import type { Db } from "../db/client";
import { failures } from "../targets/failures";
import { recordFailedGenerations, type EndSettings } from "./finish-generation";
import { failStaleGenerations } from "./generation";

/** Far beyond the longest retry schedule (5 deliveries of 15 s with 2-16 s backoff), so only lost messages match. */
export const STALE_AFTER_MS = 15 * 60 * 1000;

/**
 * The safety net behind "never queued or processing forever": a report untouched that long lost its message
 * (a queue outage, a local dev reload). It is failed with a clear code; regenerating it queues it again.
 */
export async function failStaleReports(db: Db, webhookQueue: Queue, settings: EndSettings, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - STALE_AFTER_MS).toISOString();
  const stale = await failStaleGenerations(db, cutoff, failures.analysisLost, new Date(now).toISOString());
  await recordFailedGenerations(db, webhookQueue, stale, failures.analysisLost, settings, new Date(now));
  return stale.length;
}

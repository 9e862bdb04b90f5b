import type { Db } from "../db/client";
import { findReport } from "../reports/find-report";
import type { ReportRow } from "../reports/serialize";

const SETTLED = new Set(["completed", "failed"]);
const FIRST_POLL_MS = 50;
const LONGEST_POLL_MS = 500;

/**
 * Polls the report (on the primary: the consumer writes there, a replica could lag) until it settles or
 * `waitSeconds` pass; returns the report as last read, with its results once settled. A local page settles in a
 * few hundred ms, so the first polls are short; the backoff keeps a long wait to a few dozen cheap reads.
 */
export async function waitForReport(
  db: Db,
  accountId: number,
  id: number,
  waitSeconds: number,
  /** Told each unsettled status read, with the milliseconds waited so far (the caller's progress). */
  onWaiting?: (status: string, waitedMs: number) => Promise<void>,
): Promise<ReportRow | undefined> {
  const started = Date.now();
  const deadline = started + waitSeconds * 1000;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const report = await findReport(db, accountId, id, { results: false });
    if (!report || SETTLED.has(report.status)) return findReport(db, accountId, id);
    await onWaiting?.(report.status, Date.now() - started);
    const left = deadline - Date.now();
    if (left <= 0) return report;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 1.5, LONGEST_POLL_MS);
  }
}

/** At most one progress notification a second while nothing changes: a poll every 50-500 ms would flood the stream. */
const PROGRESS_EVERY_MS = 1_000;

/**
 * `waitForReport`'s listener for a client that asked for progress: a notification at the first read, whenever the
 * status changes (queued, then processing) and once a second between, `progress` the seconds waited (growing) out of
 * `total` the wait.
 */
export function waitingProgress(id: number, waitSeconds: number, send: (progress: number, total: number, message: string) => Promise<void>) {
  let last: { status: string; waitedMs: number } | null = null;
  return async (status: string, waitedMs: number) => {
    if (last && status === last.status && waitedMs - last.waitedMs < PROGRESS_EVERY_MS) return;
    // Tenths of a second, strictly growing even when two reads land in the same tenth.
    const progress = Math.max(Math.round(waitedMs / 100) / 10, last ? Math.round(last.waitedMs / 100) / 10 + 0.1 : 0);
    last = { status, waitedMs: progress * 1000 };
    await send(Number(progress.toFixed(1)), waitSeconds, `Report ${id} is ${status}.`);
  };
}

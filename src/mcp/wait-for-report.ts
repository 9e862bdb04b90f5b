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
export async function waitForReport(db: Db, accountId: number, id: number, waitSeconds: number): Promise<ReportRow | undefined> {
  const deadline = Date.now() + waitSeconds * 1000;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const report = await findReport(db, accountId, id, { results: false });
    if (!report || SETTLED.has(report.status)) return findReport(db, accountId, id);
    const left = deadline - Date.now();
    if (left <= 0) return report;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 1.5, LONGEST_POLL_MS);
  }
}

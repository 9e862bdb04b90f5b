import { and, eq, sql } from "drizzle-orm";
import type { EncryptionSettings } from "../crypto/sealed";
import { reports } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import { passwordRule } from "../targets/password-rule";
import { authColumnsFor } from "../targets/sealed-auth";
import { firstRunSql } from "../schedules/next-run";
import { nextGeneration } from "./generation";
import { findReport, selectReports, withResults } from "./find-report";
import type { UpdateReportInput } from "./schemas";
import type { ReportRow } from "./serialize";
import { countUsage } from "../accounts/usage";
import { withinQuota } from "../http/quota";

/**
 * Privacy, password, render and device changes, and `update=1` regeneration: status back to queued and a new generation, while
 * the previous score and results stay until the new analysis replaces them.
 */
export async function updateReport(
  db: Db,
  accountId: number,
  id: number,
  input: UpdateReportInput,
  /** The encryption key seals `auth` (503 without it). */
  settings: EncryptionSettings,
): Promise<{ report: ReportRow; regenerate: boolean }> {
  const current = await findReport(db, accountId, id, { results: false });
  if (!current) return notFound();
  // A new auth replaces the old one whole (rotation); null removes it; left out, it stays, across every regeneration.
  const auth = await authColumnsFor(settings, accountId, current.url, input.auth);
  const privacy = input.privacy ?? current.privacy;
  const newHash = await passwordRule(privacy, input.password, current.passwordHash !== null);
  const passwordHash = privacy === 2 ? (newHash ?? current.passwordHash) : null;
  const accessChanged = privacy !== current.privacy || passwordHash !== current.passwordHash;
  const regenerate = input.update === 1;
  // Setting a different schedule starts it one interval from now; repeating the current one changes nothing.
  const schedule = input.schedule !== undefined && input.schedule !== current.schedule ? input.schedule : undefined;

  // A regeneration counts as a report analysed (and a rendered page when rendered) in the same batch: over a quota
  // the batch fails whole, a 429, and nothing of the update is written.
  const now = new Date();
  const write = db
    .update(reports)
    .set({
      privacy,
      passwordHash,
      ...auth,
      // Kept for every later regeneration (scheduled ones too) until changed again.
      ...(input.render !== undefined && { render: input.render }),
      ...(input.device !== undefined && { device: input.device }),
      updatedAt: new Date().toISOString(),
      ...(accessChanged && { accessVersion: sql`${reports.accessVersion} + 1` }),
      ...(schedule && { schedule, nextRunAt: firstRunSql(schedule, Math.floor(Date.now() / 1000)) }),
      ...(regenerate && nextGeneration()),
    })
    .where(and(eq(reports.id, id), eq(reports.accountId, accountId)));
  const read = selectReports(db).where(and(eq(reports.id, id), eq(reports.accountId, accountId)));
  // The write and the re-read share one round trip; the batch runs them in order, atomically.
  const [report] = regenerate
    ? (await withinQuota(db.batch([countUsage(db, accountId, { reports: 1, rendered: input.render ?? current.render }, now), write, read]), now))[2]
    : (await db.batch([write, read]))[1];
  if (!report) return notFound();
  return { report: withResults(report), regenerate };
}

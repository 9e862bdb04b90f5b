import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import { projects, reports } from "../db/schema";
import type { Db } from "../db/client";
import { projectNameFor } from "../projects/project-name";
import { selectReports, withResults } from "./find-report";
import { firstGeneration } from "./generation";
import { passwordRule } from "../targets/password-rule";
import { authColumnsFor } from "../targets/sealed-auth";
import { targetUrlOrThrow } from "../targets/target-url";
import { firstRunSql } from "../schedules/next-run";
import type { StoreReportInput } from "./schemas";
import type { ReportRow } from "./serialize";
import { countUsage } from "../accounts/usage";
import { withinQuota } from "../http/quota";

/**
 * Stores a queued report and, in the same batch, the project it opens if it is the first of its host and the month's
 * usage it counts (a report, and a rendered page when rendered): over a quota the batch fails whole, a 429.
 */
export async function createReport(
  db: Db,
  accountId: number,
  input: StoreReportInput,
  /** The encryption key seals `auth` (503 without it). */
  settings: Pick<Config, "allowPrivateTargets" | "webhookEncryptionKey">,
): Promise<ReportRow> {
  const url = targetUrlOrThrow(input.url, settings.allowPrivateTargets);
  const passwordHash = (await passwordRule(input.privacy, input.password, false)) ?? null;
  const auth = await authColumnsFor(settings, accountId, url.href, input.auth);
  const projectName = projectNameFor(url);
  const now = new Date();
  const counts = { reports: 1, rendered: input.render };
  const [, , , , [row]] = await withinQuota(db.batch([
    countUsage(db, accountId, counts, now),
    db.insert(projects).values({ accountId, name: projectName }).onConflictDoNothing(),
    db
      .insert(reports)
      .values({
        accountId,
        projectId: sql`(SELECT ${projects.id} FROM ${projects} WHERE ${and(eq(projects.accountId, accountId), eq(projects.name, projectName))})`,
        url: url.href,
        privacy: input.privacy,
        render: input.render,
        device: input.device,
        passwordHash,
        ...auth,
        schedule: input.schedule,
        ...firstGeneration,
      }),
    db
      .update(reports)
      .set({ nextRunAt: firstRunSql(input.schedule, Math.floor(now.getTime() / 1000)) })
      .where(eq(reports.id, sql`last_insert_rowid()`)),
    // Read back in the same round trip: last_insert_rowid() is the report just inserted by this batch.
    selectReports(db).where(eq(reports.id, sql`last_insert_rowid()`)),
  ]), now);
  return withResults(row!);
}

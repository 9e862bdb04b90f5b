import { and, eq, notExists, sql } from "drizzle-orm";
import { projects, reports } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";

/** Deletes the report and, atomically with it, its project if that was the project's last report. */
export async function deleteReport(db: Db, accountId: number, id: number): Promise<void> {
  const report = await db
    .select({ projectId: reports.projectId })
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.accountId, accountId)))
    .get();
  if (!report) return notFound();
  await db.batch([
    db.delete(reports).where(and(eq(reports.id, id), eq(reports.accountId, accountId))),
    db
      .delete(projects)
      .where(
        and(
          eq(projects.id, report.projectId),
          notExists(db.select({ one: sql`1` }).from(reports).where(eq(reports.projectId, report.projectId))),
        ),
      ),
  ]);
}

import { and, eq, getTableColumns } from "drizzle-orm";
import { projects, reports } from "../db/schema";
import type { Db } from "../env";
import type { ReportRow } from "./serialize";

const reportColumns = { ...getTableColumns(reports), project: projects.name };

export const selectReports = (db: Db) =>
  db.select(reportColumns).from(reports).innerJoin(projects, eq(projects.id, reports.projectId));

/** A report of this account, or undefined: another account's report is exactly as missing as no report. */
export const findReport = (db: Db, accountId: number, id: number): Promise<ReportRow | undefined> =>
  selectReports(db)
    .where(and(eq(reports.id, id), eq(reports.accountId, accountId)))
    .get();

/** Any account's report, for the public report page and the queue consumer. */
export const findReportById = (db: Db, id: number): Promise<ReportRow | undefined> =>
  selectReports(db).where(eq(reports.id, id)).get();

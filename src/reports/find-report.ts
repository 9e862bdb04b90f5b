import { and, eq, getTableColumns } from "drizzle-orm";
import { projects, reports } from "../db/schema";
import type { Db } from "../db/client";
import { decodeResults } from "./results-codec";
import type { ReportRow, StoredReportRow } from "./serialize";

// The sealed credentials are read by the analysis alone (src/queue/consumer.ts), never by a reader of the resource.
const { authSecret: _sealed, ...readableColumns } = getTableColumns(reports);
export const reportColumns = { ...readableColumns, project: projects.name };
export const { results: _unread, ...columnsWithoutResults } = reportColumns;

/** The columns a generation's events read of its report (report-event.ts `EventBase`), for a select joined to projects. */
export const eventBaseColumns = {
  id: reports.id,
  accountId: reports.accountId,
  generation: reports.generation,
  url: reports.url,
  finalUrl: reports.finalUrl,
  project: projects.name,
  score: reports.score,
  result: reports.result,
};

/** `results` is most of a report's bytes: a request whose `fields` leave it out does not read it. */
export const readsResults = (fields: readonly string[] | undefined) => !fields || fields.includes("results");

/** Without results the rows' `results` is undefined (serialized as null, and left out by `fields`). */
export const selectReports = (db: Db, { results = true } = {}) =>
  db
    .select((results ? reportColumns : columnsWithoutResults) as typeof reportColumns)
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId));

/** A row as the readers use it: `results` back in the API's shape (src/reports/results-codec.ts). */
export function withResults(row: StoredReportRow): ReportRow;
export function withResults(row: StoredReportRow | undefined): ReportRow | undefined;
export function withResults(row: StoredReportRow | undefined) {
  return row && { ...row, results: decodeResults(row.results) };
}

/** A report of this account, or undefined: another account's report is exactly as missing as no report. */
export const findReport = async (db: Db, accountId: number, id: number, { results = true } = {}): Promise<ReportRow | undefined> =>
  withResults(
    await selectReports(db, { results })
      .where(and(eq(reports.id, id), eq(reports.accountId, accountId)))
      .get(),
  );

/** Any account's report, for the public report page and the queue consumer (which needs no `results`). */
export const findReportById = async (db: Db, id: number, { results = true } = {}): Promise<ReportRow | undefined> =>
  withResults(await selectReports(db, { results }).where(eq(reports.id, id)).get());

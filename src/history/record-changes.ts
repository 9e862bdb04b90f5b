import { and, desc, eq, lt, type SQLWrapper } from "drizzle-orm";
import { sql, type SQL } from "drizzle-orm";
import type { Watched } from "../analysis/watched";
import { reportHistory, reports } from "../db/schema";
import type { Db } from "../db/client";
import { severityRank, type PageChange } from "./page-changes";

/** The report's completed generations before `generation`: values, or the report row's own columns in a subquery. */
const completedBefore = (reportId: number | SQLWrapper, generation: number | SQLWrapper) =>
  and(eq(reportHistory.reportId, reportId), eq(reportHistory.status, "completed"), lt(reportHistory.generation, generation));

/** The watched record of the report's last completed generation before `generation`: what the new one compares with. */
export const previousWatched = (db: Db, reportId: number, generation: number): Promise<Watched | null> =>
  db
    .select({ watched: reportHistory.watched })
    .from(reportHistory)
    .where(completedBefore(reportId, generation))
    .orderBy(desc(reportHistory.generation))
    .get()
    .then((row) => row?.watched ?? null);

/**
 * previousWatched as a column of a select of `reports` (the consumer's read of the report), for the row's own
 * generation: a correlated subquery, so the generation's end need not read it again.
 */
export const previousWatchedColumn = sql`(SELECT ${reportHistory.watched} FROM ${reportHistory} WHERE ${completedBefore(reports.id, reports.generation)} ORDER BY ${reportHistory.generation} DESC LIMIT 1)`.mapWith(reportHistory.watched);

/** Where a generation's changes belong: its report, the report's project and account. */
export interface ChangeOwner {
  accountId: number;
  project: string;
  reportId: number;
  generation: number;
}

/**
 * One INSERT per change, each only if `onlyIf` holds in the same batch (the generation's history row was written by
 * this very batch) and at most once (unique per report, generation and field): a generation's changes are logged once.
 */
export const insertChanges = (owner: ChangeOwner, found: PageChange[], createdAt: string, onlyIf: SQL): SQL[] =>
  found.map(
    (change) => sql`
      INSERT OR IGNORE INTO changes (account_id, project, report_id, generation, field, before, after, severity, rank, created_at)
      SELECT ${owner.accountId}, ${owner.project}, ${owner.reportId}, ${owner.generation}, ${change.field}, ${change.before}, ${change.after},
        ${change.severity}, ${severityRank(change.severity)}, ${createdAt}
      WHERE ${onlyIf}`,
  );

/** Keeps a report's changes as long as the history rows they were computed from (pruneHistory's bound). */
export const pruneChanges = (reportId: number, limit: number) =>
  sql`
    DELETE FROM changes WHERE report_id = ${reportId} AND generation <= (
      SELECT generation FROM report_history WHERE report_id = ${reportId} ORDER BY generation DESC LIMIT 1 OFFSET ${limit})`;

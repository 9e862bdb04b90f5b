import { and, count, desc, eq, lt } from "drizzle-orm";
import { reportHistory, reports } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf } from "../http/pagination";
import { withChanges } from "./changes";
import type { ListHistoryQuery } from "./schemas";

/** The id of a report of this account, or undefined: another account's is exactly as missing as none. */
export const findReportId = (db: Db, accountId: number, reportId: number) =>
  db.select({ id: reports.id }).from(reports).where(and(eq(reports.id, reportId), eq(reports.accountId, accountId))).get();

/** A report's generations (the caller owns it, checked before), newest first, each with its changes against the previous completed one. */
export async function listHistory(db: Db, reportId: number, query: ListHistoryQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = eq(reportHistory.reportId, reportId);
  const [rows, [total]] = await db.batch([
    db.select().from(reportHistory).where(where).orderBy(desc(reportHistory.generation)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(reportHistory).where(where),
  ]);
  const oldest = rows.at(-1);
  const older = oldest
    ? await db
        .select()
        .from(reportHistory)
        .where(and(where, eq(reportHistory.status, "completed"), lt(reportHistory.generation, oldest.generation)))
        .orderBy(desc(reportHistory.generation))
        .get()
    : undefined;
  return { entries: withChanges(rows, older), total: total?.n ?? 0, page };
}

/** The last `limit` completed generations, oldest first: the report page's trend. */
export const completedHistory = (db: Db, reportId: number, limit: number) =>
  db
    .select()
    .from(reportHistory)
    .where(and(eq(reportHistory.reportId, reportId), eq(reportHistory.status, "completed")))
    .orderBy(desc(reportHistory.generation))
    .limit(limit)
    .then((rows) => rows.reverse());

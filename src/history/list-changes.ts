import { and, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { changes, changeSeverities, projects, type ChangeRow } from "../db/schema";
import type { Db } from "../db/client";
import { csvStream, type CsvColumn } from "../http/csv";
import { offsetOf } from "../http/pagination";
import type { ListChangesQuery } from "./change-schemas";
import { toChangeResource } from "./serialize-change";

/** Whose changes a list reads: one report's, or every change of one project of an account. */
export type ChangeLog = { reportId: number } | { accountId: number; project: string };

const topRank = changeSeverities.length - 1;

/**
 * "That severity and above" as the project's indexes read it (src/db/schema.ts): `critical` is the top rank, so an
 * equality, written as a literal so that SQLite can match the partial index of critical changes (a bound parameter
 * could be anything); `info` is every change, so no filter at all.
 */
function severityFilter(severity: ListChangesQuery["severity"]): SQL | undefined {
  const rank = severity === undefined ? 0 : changeSeverities.indexOf(severity);
  if (rank === 0) return undefined;
  return rank === topRank ? sql`${changes.rank} = ${sql.raw(String(topRank))}` : gte(changes.rank, rank);
}

/** The log's own index leads: (report_id, created_at, id) or one of the project's (schema.ts). */
function whereOf(log: ChangeLog, query: Pick<ListChangesQuery, "severity" | "field">): SQL | undefined {
  const owner = "reportId" in log ? eq(changes.reportId, log.reportId) : and(eq(changes.accountId, log.accountId), eq(changes.project, log.project));
  return and(
    owner,
    severityFilter(query.severity),
    query.field === undefined ? undefined : eq(changes.field, query.field),
  );
}

const newestFirst = [desc(changes.createdAt), desc(changes.id)];

/** A page of the log, newest first. */
export async function listChanges(db: Db, log: ChangeLog, query: ListChangesQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = whereOf(log, query);
  const [rows, [total]] = await db.batch([
    db.select().from(changes).where(where).orderBy(...newestFirst).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(changes).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

/** The last `limit` changes of a report, newest first: the report page's timeline. */
export const recentChanges = (db: Db, reportId: number, limit: number) =>
  db.select().from(changes).where(eq(changes.reportId, reportId)).orderBy(...newestFirst).limit(limit);

const columns: CsvColumn<ChangeRow>[] = Object.keys(toChangeResource({} as ChangeRow)).map((header) => ({
  header,
  value: (row: ChangeRow) => toChangeResource(row)[header as keyof ReturnType<typeof toChangeResource>],
}));

export const changesCsvHeader = columns.map((c) => c.header).join(",");

/** Every change of the log matching the filters, newest first, keyset-paged on (created_at, id). */
export function exportChanges(db: Db, log: ChangeLog, query: ListChangesQuery): ReadableStream<Uint8Array> {
  const where = whereOf(log, query);
  return csvStream({
    columns,
    nextPage: (after, limit) =>
      db
        .select()
        .from(changes)
        .where(after ? and(where, sql`(${changes.createdAt}, ${changes.id}) < (${after.createdAt}, ${after.id})`) : where)
        .orderBy(...newestFirst)
        .limit(limit),
  });
}

/** A project of this account by name (its host), or undefined: another account's is exactly as missing as none. */
export const findProject = (db: Db, accountId: number, name: string) =>
  db.select({ id: projects.id, name: projects.name }).from(projects).where(and(eq(projects.accountId, accountId), eq(projects.name, name))).get();

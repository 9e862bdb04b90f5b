import { and, asc, between, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { resultScoreRanges } from "../analysis/score";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { projects, reports } from "../db/schema";
import type { Db } from "../db/client";
import { likeContains } from "../http/list-params";
import { offsetOf, type PageRequest } from "../http/pagination";
import { columnsWithoutResults, readsResults, reportColumns, selectReports, withResults } from "./find-report";
import type { ListReportsQuery } from "./schemas";

export type ReportFilters = Pick<ListReportsQuery, "search" | "project" | "result">;

/**
 * Each ordering matches one index of src/db/schema.ts so a page reads an index range: ties break by id in
 * the same direction, and rows without a score or generated_at come last in both directions.
 */
export function orderBy(sortBy: ListReportsQuery["sort_by"], direction: "asc" | "desc", { indexed = true } = {}): SQL[] {
  const dir = direction === "asc" ? asc : desc;
  // `+column` orders the same rows but keeps SQLite from walking the account's index for that order: within
  // one project it reads the project's small range and sorts it; for a search it scans the covering url index
  // (no row lookups) and sorts only the matches.
  const key = (column: SQLiteColumn) => (indexed ? column : sql`+${column}`);
  switch (sortBy) {
    case "id":
      return [dir(key(reports.id))];
    case "url":
      return [dir(key(reports.url)), dir(reports.id)];
    case "score":
    case "generated_at": {
      const column = sortBy === "score" ? reports.score : reports.generatedAt;
      return direction === "desc"
        ? [desc(key(column)), desc(reports.id)]
        : [sql`(${key(column)} IS NULL)`, asc(key(column)), asc(reports.id)];
    }
  }
}

/**
 * `scoreIndex: false` writes the result filter as `+score`, which keeps SQLite off the score index: it then
 * walks the index that already gives the page's order (or the small project range) instead of sorting every
 * report in the score range.
 */
export function reportFilters(accountId: number, query: ReportFilters, { scoreIndex }: { scoreIndex: boolean }): SQL {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) conditions.push(sql`${reports.url} LIKE ${likeContains(query.search)} ESCAPE '\\'`);
  // The project is looked up within the account, so its id alone keeps other accounts out and lets SQLite read
  // just the project's range of reports_project_score_idx.
  if (query.project === undefined) conditions.push(eq(reports.accountId, accountId));
  else {
    conditions.push(
      eq(
        reports.projectId,
        sql`(SELECT ${projects.id} FROM ${projects} WHERE ${projects.accountId} = ${accountId} AND ${projects.name} = ${query.project})`,
      ),
    );
  }
  if (query.result) {
    const [min, max] = resultScoreRanges[query.result];
    conditions.push(scoreIndex ? between(reports.score, min, max) : sql`+${reports.score} BETWEEN ${min} AND ${max}`);
  }
  return and(...conditions)!;
}

export async function listReports(db: Db, accountId: number, query: ListReportsQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const byProject = query.project !== undefined;
  const order = orderBy(query.sort_by, query.sort);
  const innerOrder = byProject || query.search ? orderBy(query.sort_by, query.sort, { indexed: false }) : order;
  const where = reportFilters(accountId, query, { scoreIndex: query.sort_by === "score" && !byProject });
  // Late row lookup: the page's ids come from the index alone, so a deep OFFSET skips index entries, not rows.
  const pageIds = db.select({ id: reports.id }).from(reports).where(where).orderBy(...innerOrder).limit(page.perPage).offset(offsetOf(page));
  const countAll = db.select({ n: count() }).from(reports).where(reportFilters(accountId, query, { scoreIndex: !byProject }));
  if (query.search && !byProject) return searchReports(db, { where, innerOrder, order, page, countAll, results: readsResults(query.fields) });
  const [rows, [total]] = await db.batch([selectReports(db, { results: readsResults(query.fields) }).where(inArray(reports.id, pageIds)).orderBy(...order), countAll]);
  return { rows: rows.map((row) => withResults(row)), total: total?.n ?? 0, page };
}

/**
 * A search reads every url of the account (a substring has no index): one pass finds both the page and the
 * total (a window count), instead of one scan for each. Only a page past the end needs the count on its own.
 */
async function searchReports(
  db: Db,
  { where, innerOrder, order, page, countAll, results }: { where: SQL; innerOrder: SQL[]; order: SQL[]; page: PageRequest; countAll: PromiseLike<{ n: number }[]>; results: boolean },
) {
  const matches = db
    .select({ id: reports.id, total: sql<number>`count(*) OVER ()`.as("total") })
    .from(reports)
    .where(where)
    .orderBy(...innerOrder)
    .limit(page.perPage)
    .offset(offsetOf(page))
    .as("matches");
  const rows = await db
    .select({ ...(results ? reportColumns : columnsWithoutResults), total: matches.total } as typeof reportColumns & { total: typeof matches.total })
    .from(matches)
    .innerJoin(reports, eq(reports.id, matches.id))
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .orderBy(...order);
  const total = rows[0]?.total ?? (await countAll)[0]?.n ?? 0;
  return { rows: rows.map(({ total: _, ...row }) => withResults(row)), total, page };
}

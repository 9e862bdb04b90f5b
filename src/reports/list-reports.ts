import { and, asc, between, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { resultScoreRanges } from "../analysis/score";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { projects, reports } from "../db/schema";
import type { Db } from "../env";
import { likeContains } from "../http/list-params";
import { offsetOf } from "../http/pagination";
import { selectReports, withResults } from "./find-report";
import type { ListReportsQuery } from "./schemas";

/**
 * Each ordering matches one index of src/db/schema.ts so a page reads an index range: ties break by id in
 * the same direction, and rows without a score or generated_at come last in both directions.
 */
function orderBy(sortBy: ListReportsQuery["sort_by"], direction: "asc" | "desc", { indexed = true } = {}): SQL[] {
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
function filters(accountId: number, query: ListReportsQuery, { scoreIndex }: { scoreIndex: boolean }): SQL {
  const conditions: (SQL | undefined)[] = [eq(reports.accountId, accountId)];
  if (query.search) conditions.push(sql`${reports.url} LIKE ${likeContains(query.search)} ESCAPE '\\'`);
  if (query.project !== undefined) {
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
  // Late row lookup: the page's ids come from the index alone, so a deep OFFSET skips index entries, not rows.
  const pageIds = db
    .select({ id: reports.id })
    .from(reports)
    .where(filters(accountId, query, { scoreIndex: query.sort_by === "score" && !byProject }))
    .orderBy(...innerOrder)
    .limit(page.perPage)
    .offset(offsetOf(page));
  const [rows, [total]] = await db.batch([
    selectReports(db)
      .where(inArray(reports.id, pageIds))
      .orderBy(...order),
    db
      .select({ n: count() })
      .from(reports)
      .where(filters(accountId, query, { scoreIndex: !byProject })),
  ]);
  return { rows: rows.map((row) => withResults(row)), total: total?.n ?? 0, page };
}

import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { resultForScore } from "../analysis/score";
import { projects } from "../db/schema";
import type { Db } from "../db/client";
import { likeContains } from "../http/list-params";
import { offsetOf } from "../http/pagination";
import type { ListProjectsQuery } from "./schemas";

export interface ProjectRow {
  name: string;
  createdAt: string;
  reports: number;
  averageScore: number | null;
  watchRobots: boolean;
}

export function toProjectResource(row: ProjectRow) {
  const score = row.averageScore === null ? null : Math.round(row.averageScore);
  return {
    project: row.name,
    reports: row.reports,
    score,
    result: score === null ? null : resultForScore(score),
    watch_robots: row.watchRobots,
    created_at: row.createdAt,
  };
}

// Written out with table names: drizzle leaves columns unqualified in a one-table select, which inside a
// correlated subquery would bind to the inner table. `reports_project_score_idx` covers both aggregates.
const reportsOf = (aggregate: string) =>
  sql.raw(`(SELECT ${aggregate} FROM "reports" AS "r" WHERE "r"."project_id" = "projects"."id")`);

/** Whether the project's robots.txt is watched (docs/monitoring.md "Changes and alerts"): its watch row, if any. */
const watchRobots = sql.raw(
  `coalesce((SELECT "w"."watch_robots" FROM "project_watches" AS "w" WHERE "w"."account_id" = "projects"."account_id" AND "w"."project" = "projects"."name"), 0)`,
);

const projectColumns = () => ({
  name: projects.name,
  createdAt: projects.createdAt,
  reports: reportsOf("count(*)").mapWith(Number),
  averageScore: reportsOf(`avg("r"."score")`).mapWith((v) => (v === null ? null : Number(v))),
  watchRobots: watchRobots.mapWith((v) => Number(v) === 1),
});

/** One project of the account by name, as the list shows it; undefined when the account has none of that name. */
export const findProjectRow = (db: Db, accountId: number, name: string) =>
  db
    .select(projectColumns())
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.name, name)))
    .get() as Promise<ProjectRow | undefined>;

export async function listProjects(db: Db, accountId: number, query: ListProjectsQuery) {
  const conditions: SQL[] = [eq(projects.accountId, accountId)];
  if (query.search) conditions.push(sql`${projects.name} LIKE ${likeContains(query.search)} ESCAPE '\\'`);
  const where = and(...conditions);
  const dir = query.sort === "asc" ? asc : desc;
  const order = query.sort_by === "project" ? [dir(projects.name)] : [dir(projects.createdAt), dir(projects.id)];
  const page = { page: query.page, perPage: query.per_page };
  const [rows, [total]] = await db.batch([
    db
      .select(projectColumns())
      .from(projects)
      .where(where)
      .orderBy(...order)
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { rows: rows as ProjectRow[], total: total?.n ?? 0, page };
}

// The SQL side of bench:api on its own: runs the app's real list/show functions (src/reports, src/projects)
// through drizzle against the seeded local D1 file with node:sqlite, and prints each query's median time and
// EXPLAIN QUERY PLAN. Usage: node --import tsx bench/query-plans.ts <path to the D1 .sqlite> <variants JSON>
import type { SQLInputValue } from "node:sqlite";
import { listProjects } from "../src/projects/list-projects";
import { listProjectsQuery } from "../src/projects/schemas";
import { findReport } from "../src/reports/find-report";
import { listReports } from "../src/reports/list-reports";
import { listReportsQuery } from "../src/reports/schemas";
import { nodeSqlite } from "./sqlite-db";

export interface PlanVariant {
  name: string;
  kind: "reports" | "projects" | "show";
  accountId: number;
  params?: Record<string, string>;
  id?: number;
}

const [file, variantsJson] = process.argv.slice(2);
if (!file || !variantsJson) throw new Error("usage: query-plans.ts <sqlite file> <variants JSON>");
const { sqlite, db, dbWith } = nodeSqlite(file);

// The same values the benchmark sends, so the plans are those of the measured requests.
const plan = (sql: string, params: unknown[]) =>
  (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as SQLInputValue[])) as { detail: string }[]).map((r) => r.detail).join(" / ");

async function run(variant: PlanVariant) {
  if (variant.kind === "reports") return listReports(db, variant.accountId, listReportsQuery.parse(variant.params ?? {}));
  if (variant.kind === "projects") return listProjects(db, variant.accountId, listProjectsQuery.parse(variant.params ?? {}));
  return findReport(db, variant.accountId, variant.id!);
}

/** Captures the SQL and parameters drizzle sends for one call. */
async function capture(variant: PlanVariant) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const spy = dbWith((sql, params) => seen.push({ sql, params }));
  if (variant.kind === "reports") await listReports(spy, variant.accountId, listReportsQuery.parse(variant.params ?? {}));
  else if (variant.kind === "projects") await listProjects(spy, variant.accountId, listProjectsQuery.parse(variant.params ?? {}));
  else await findReport(spy, variant.accountId, variant.id!);
  return seen;
}

const out: { name: string; ms: number; queries: { sql: string; ms: number; plan: string }[] }[] = [];
for (const variant of JSON.parse(variantsJson) as PlanVariant[]) {
  await run(variant); // warm the page cache
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    await run(variant);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const queries = [];
  for (const q of await capture(variant)) {
    const qTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      sqlite.prepare(q.sql).all(...(q.params as SQLInputValue[]));
      qTimes.push(performance.now() - start);
    }
    qTimes.sort((a, b) => a - b);
    queries.push({ sql: q.sql, ms: qTimes[3]!, plan: plan(q.sql, q.params) });
  }
  out.push({ name: variant.name, ms: times[7]!, queries });
}
console.log(JSON.stringify(out));

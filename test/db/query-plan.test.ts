import { env } from "cloudflare:workers";
import { config } from "../../src/config";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { listProjects } from "../../src/projects/list-projects";
import { listProjectsQuery } from "../../src/projects/schemas";
import { listReportsQuery } from "../../src/reports/schemas";
import { createCaller, seedReport } from "../helpers/api";

/** A D1 that records each statement it is sent, for EXPLAIN QUERY PLAN afterwards. */
function recordingD1(statements: { sql: string; params: unknown[] }[]) {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          return new Proxy(stmt, {
            get(s, p) {
              if (p === "bind") return (...params: unknown[]) => {
                statements.push({ sql, params });
                return s.bind(...params);
              };
              const v = Reflect.get(s, p);
              return typeof v === "function" ? v.bind(s) : v;
            },
          });
        };
      }
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

async function explain(statements: { sql: string; params: unknown[] }[]) {
  const plans: string[] = [];
  for (const { sql, params } of statements) {
    const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
    plans.push(rows.results.map((r) => r.detail).join(" | "));
  }
  return plans;
}

/** The SQL drizzle builds for a list query, captured through a D1 wrapper, then EXPLAINed. */
async function plansOf(run: (db: ReturnType<typeof createDb>) => Promise<unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  await run(createDb(recordingD1(statements)));
  return explain(statements);
}

describe("every list query reads an index range of the account, never the whole table", () => {
  let accountId: number;
  beforeAll(async () => {
    const caller = await createCaller("plans");
    accountId = caller.accountId;
    for (let i = 0; i < 30; i++) await seedReport(caller, `https://p${i % 5}.plan.example/${i}`, { score: i * 3 });
    // No ANALYZE: with statistics of 30 rows SQLite rightly prefers scanning them; without, it plans for a
    // large table, which is the case these indexes are for (bench/query-plans.ts checks 100,000 rows).
  });

  const variants: Record<string, string>[] = [];
  for (const sort_by of ["id", "generated_at", "url", "score"]) {
    for (const sort of ["asc", "desc"]) {
      variants.push({ sort_by, sort });
      variants.push({ sort_by, sort, search: "plan" });
      variants.push({ sort_by, sort, result: "good" });
      variants.push({ sort_by, sort, project: "p1.plan.example" });
      variants.push({ sort_by, sort, result: "bad", project: "p2.plan.example", search: "x" });
    }
  }

  it.each(variants)("reports %j", async (query) => {
    const { listReports } = await import("../../src/reports/list-reports");
    const plans = await plansOf((db) => listReports(db, accountId, listReportsQuery.parse(query)));
    // A search finds its page and its total in one pass (a window count); every other list sends page and count.
    expect(plans.length).toBe(query.search && !query.project ? 1 : 2);
    for (const plan of plans) {
      // Within one project, the project's own range is read, never the whole account's.
      if (query.project) expect(plan, plan).toMatch(/INDEX reports_\w+ \((account_id=\? AND )?project_id=/);
      expect(plan, plan).toMatch(/USING (COVERING )?INDEX reports_\w+ \((account_id|project_id)=/);
      expect(plan, plan).not.toMatch(/SCAN reports(?! USING)/);
    }
  });

  it("the stale-report sweep reads only the partial index of unfinished reports", async () => {
    const { failStaleReports } = await import("../../src/reports/sweep-stale");
    const statements: { sql: string; params: unknown[] }[] = [];
    await failStaleReports(createDb(recordingD1(statements)), env.WEBHOOK_QUEUE, config(env));
    const plans = await explain(statements);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/USING INDEX reports_unfinished_updated_idx \(updated_at<\?\)/);
  });

  describe("the project change log", () => {
    const project = "log.plan.example";
    beforeAll(async () => {
      // 501 changes: one more than a CSV page, so the export sends its keyset statement too.
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 501)
         INSERT INTO changes (account_id, project, field, before, after, severity, rank, created_at)
         SELECT ?, ?, CASE i % 3 WHEN 0 THEN 'title' WHEN 1 THEN 'indexable' ELSE 'h1' END, 'a', 'b',
           CASE i % 3 WHEN 1 THEN 'critical' ELSE 'warning' END, CASE i % 3 WHEN 1 THEN 2 ELSE 1 END,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes') FROM n`,
      )
        .bind(accountId, project)
        .run();
    });

    const filters = [
      {},
      { severity: "critical" },
      { severity: "warning" },
      { severity: "info" },
      { field: "title" },
      { severity: "warning", field: "h1" },
      { severity: "critical", field: "indexable" },
      { page: "3", per_page: "100" },
    ];
    const expectProjectIndex = (plan: string) => {
      // The project's own range of its index, in the index's order: no sort of the range, no read of the table.
      expect(plan, plan).toMatch(/USING (COVERING )?INDEX changes_project_(log|field|critical)_idx \(account_id=\? AND project=\?/);
      expect(plan, plan).not.toMatch(/SCAN changes|TEMP B-TREE/);
    };

    it.each(filters)("list %j: the page and its count", async (query) => {
      const { listChanges } = await import("../../src/history/list-changes");
      const { listChangesQuery } = await import("../../src/history/change-schemas");
      const plans = await plansOf((db) => listChanges(db, { accountId, project }, listChangesQuery.parse(query)));
      expect(plans).toHaveLength(2);
      for (const plan of plans) expectProjectIndex(plan);
      // The count reads index entries alone, filters included: never the 100,000 rows behind it.
      expect(plans[1]).toMatch(/USING COVERING INDEX changes_project_/);
      // A field, and the top severity, read only their own range of the log, page and count.
      if (query.field) for (const plan of plans) expect(plan, plan).toMatch(/changes_project_field_idx \(account_id=\? AND project=\? AND field=\?\)/);
      else if (query.severity === "critical") for (const plan of plans) expect(plan, plan).toMatch(/changes_project_critical_idx \(account_id=\? AND project=\?\)/);
    });

    it.each(filters.slice(0, -1))("CSV %j: every keyset page", async (query) => {
      const { exportChanges } = await import("../../src/history/list-changes");
      const { listChangesQuery } = await import("../../src/history/change-schemas");
      const plans = await plansOf(async (db) => {
        const csv = await new Response(exportChanges(db, { accountId, project }, listChangesQuery.parse(query))).text();
        expect(csv.length).toBeGreaterThan(0);
      });
      expect(plans.length).toBeGreaterThanOrEqual(query.severity || query.field ? 1 : 2);
      for (const plan of plans) expectProjectIndex(plan);
    });
  });

  it("the compare's changed pages seek the other crawl's page and both history rows through unique indexes", async () => {
    const { changedPages } = await import("../../src/crawls/changed-pages");
    const plans = await plansOf((db) => changedPages(db, 2, 1));
    expect(plans).toHaveLength(1);
    const [plan] = plans as [string];
    // The crawl's own pages by its index; every other table a unique-index seek per page, never a scan.
    expect(plan, plan).toMatch(/SEARCH p USING INDEX crawl_pages_crawl_state_idx \(crawl_id=\? AND state=\?\)/);
    expect(plan, plan).toMatch(/SEARCH q USING INDEX crawl_pages_crawl_url_unique \(crawl_id=\? AND url=\?\)/);
    expect(plan, plan).toMatch(/SEARCH hn USING INDEX report_history_generation_unique \(report_id=\? AND generation=\?\)/);
    expect(plan, plan).toMatch(/SEARCH hb USING INDEX report_history_generation_unique \(report_id=\? AND generation=\?\)/);
    expect(plan, plan).not.toMatch(/SCAN (p|q|hn|hb|crawl_pages|report_history)\b/);
  });

  it.each([{ sort_by: "created_at" }, { sort_by: "project", sort: "asc" }, { search: "plan" }])("projects %j", async (query) => {
    const plans = await plansOf((db) => listProjects(db, accountId, listProjectsQuery.parse(query)));
    for (const plan of plans) {
      expect(plan, plan).toMatch(/USING (COVERING )?INDEX projects_account_\w+ \(account_id=/);
      expect(plan, plan).not.toMatch(/SCAN (projects|reports)(?! USING)/);
    }
  });
});

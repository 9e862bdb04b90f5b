import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { parseCsv } from "../helpers/csv";
import { analyse, insertReport } from "../helpers/report-page";

const HEADER = "id,url,final_url,project,status,score,result,issues_high,issues_medium,issues_low,failed_checks,generated_at,created_at";

const csv = async (caller: Caller, query: string, headers: Record<string, string> = {}) => {
  const res = await call(`/api/v1/reports${query}`, { key: caller.key, headers });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return { res, records: parseCsv(res.text) };
};

/** Many reports in one statement: a recursive count, each report in one of three projects. */
async function bulkReports(caller: Caller, n: number) {
  for (const name of ["bulk-a.example", "bulk-b.example", "bulk-c.example"]) {
    await env.DB.prepare("INSERT INTO projects (account_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(caller.accountId, name).run();
  }
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO reports (account_id, project_id, url, status, score, result, generated_at)
     SELECT ?, (SELECT id FROM projects WHERE account_id = ? AND name = 'bulk-' || char(97 + i % 3) || '.example'),
            'https://bulk-' || char(97 + i % 3) || '.example/page-' || i, 'completed', i % 101,
            CASE WHEN i % 101 >= 80 THEN 'good' WHEN i % 101 >= 50 THEN 'decent' ELSE 'bad' END, '2026-01-01T00:00:00.000Z'
     FROM n`,
  )
    .bind(n, caller.accountId, caller.accountId)
    .run();
}

describe("GET /api/v1/reports as CSV", () => {
  let caller: Caller;
  let other: Caller;
  const BULK = 1_203;
  beforeAll(async () => {
    caller = await createCaller("csv");
    other = await createCaller("csv-other");
    await bulkReports(caller, BULK);
    await bulkReports(other, 7);
  });

  it("answers every report of the account, over more than one keyset page, newest first, and no other account's", async () => {
    const { res, records } = await csv(caller, "?format=csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="reports.csv"');
    expect(res.text.startsWith(`${HEADER}\r\n`)).toBe(true);
    const ids = records.slice(1).map((r) => Number(r[0]));
    const expected = await env.DB.prepare("SELECT id FROM reports WHERE account_id = ? ORDER BY id DESC").bind(caller.accountId).all<{ id: number }>();
    expect(ids).toEqual(expected.results.map((r) => r.id));
    expect(ids.length).toBeGreaterThanOrEqual(BULK);
    const others = await env.DB.prepare("SELECT id FROM reports WHERE account_id = ?").bind(other.accountId).all<{ id: number }>();
    for (const { id } of others.results) expect(ids).not.toContain(id);
    expect(records.slice(1).every((r) => r.length === 13)).toBe(true);
  });

  it("is chosen by Accept: text/csv too, and sort=asc gives id order", async () => {
    const { records } = await csv(caller, "?sort=asc&project=bulk-b.example", { Accept: "text/csv" });
    expect(records[0]!.join(",")).toBe(HEADER);
    const ids = records.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toHaveLength(401);
    expect(new Set(records.slice(1).map((r) => r[3]))).toEqual(new Set(["bulk-b.example"]));
  });

  it("honours result, project and search (% literal)", async () => {
    const good = await csv(caller, "?format=csv&result=good&project=bulk-a.example");
    const rows = good.records.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Number(r[5])).toBeGreaterThanOrEqual(80);
      expect(r[6]).toBe("good");
      expect(r[3]).toBe("bulk-a.example");
    }
    const expected = await env.DB.prepare(
      "SELECT count(*) AS n FROM reports JOIN projects ON projects.id = reports.project_id WHERE reports.account_id = ? AND projects.name = 'bulk-a.example' AND score >= 80",
    )
      .bind(caller.accountId)
      .first<{ n: number }>();
    expect(rows).toHaveLength(expected!.n);
    const search = await csv(caller, "?format=csv&search=PAGE-120");
    const pages = [120, 1200, 1201, 1202, 1203];
    const urls = pages.map((i) => `https://bulk-${"abc"[i % 3]}.example/page-${i}`);
    expect(search.records.slice(1).map((r) => r[1]).sort()).toEqual(urls.sort());
    const literal = await csv(caller, "?format=csv&search=page%25");
    expect(literal.records).toHaveLength(1);
  });

  it("escapes quotes, commas and line breaks (RFC 4180) and neutralises formulas", async () => {
    const mine = await createCaller("csv-escape");
    const project = await env.DB.prepare("INSERT INTO projects (account_id, name) VALUES (?, '=HYPERLINK(\"x\")') RETURNING id").bind(mine.accountId).first<{ id: number }>();
    await env.DB.prepare(
      `INSERT INTO reports (account_id, project_id, url, final_url, status, error_code, created_at) VALUES (?, ?, ?, ?, 'failed', 'timeout', ?)`,
    )
      .bind(mine.accountId, project!.id, 'https://q.example/a,"b"\nc', "@SUM(A1:A2)", "-1+2")
      .run();
    const { res, records } = await csv(mine, "?format=csv");
    expect(res.text.split("\r\n")[1]).toMatch(/^\d+,"https:\/\/q\.example\/a,""b""\nc",'@SUM\(A1:A2\),"'=HYPERLINK\(""x""\)",failed,,,0,0,0,,,'-1\+2$/);
    expect(records[1]!.slice(1, 4)).toEqual(['https://q.example/a,"b"\nc', "'@SUM(A1:A2)", `'=HYPERLINK("x")`]);
    expect(records[1]![12]).toBe("'-1+2");
  });

  it("lists the failed checks of a report's results, most important first", async () => {
    const mine = await createCaller("csv-results");
    const analysis = analyse("<!doctype html><html><head><title>x</title></head><body><img src=a.png></body></html>");
    const id = await insertReport(mine, { analysis });
    const { records } = await csv(mine, "?format=csv");
    const row = records.find((r) => Number(r[0]) === id)!;
    const failed = Object.entries(analysis.results).filter(([, e]) => !e.passed);
    const rank = { high: 0, medium: 1, low: 2 };
    expect(row[10]!.split(";")).toEqual(failed.sort(([, a], [, b]) => rank[a.importance] - rank[b.importance]).map(([k]) => k));
    expect([row[7], row[8], row[9]].map(Number)).toEqual([analysis.issues.high, analysis.issues.medium, analysis.issues.low]);
    await seedReport(mine, "https://queued.example/", { score: null });
    const again = await csv(mine, "?format=csv");
    expect(again.records[1]!.slice(4, 11)).toEqual(["queued", "", "", "0", "0", "0", ""]);
  });

  it.each([
    ["?format=xml", "format", "The format field must be one of json, csv."],
    ["?format=csv&result=great", "result", "The result field must be one of good, decent, bad."],
    ["?format=csv&sort_by=score", "sort_by", "The sort_by field must be id for a CSV export (it lists every report in id order)."],
  ])("rejects %s with 422 naming the allowed values", async (query, field, message) => {
    const res = await call(`/api/v1/reports${query}`, { key: caller.key });
    expect(res.status, res.text).toBe(422);
    expect(res.json).toEqual({ message, status: 422, errors: { [field]: [message] } });
  });

  it("is in the OpenAPI document: text/csv beside JSON, and the format parameter", async () => {
    const doc = (await call("/api/v1/openapi.json")).json;
    const list = doc.paths["/api/v1/reports"].get;
    expect(Object.keys(list.responses["200"].content).sort()).toEqual(["application/json", "text/csv"]);
    expect(list.responses["200"].content["text/csv"].example).toBe(`${HEADER}\r\n`);
    expect(list.parameters.find((p: { name: string }) => p.name === "format").schema.enum).toEqual(["json", "csv"]);
  });

  it("needs a key like every list", async () => {
    const res = await call("/api/v1/reports?format=csv");
    expect(res.status).toBe(401);
  });
});

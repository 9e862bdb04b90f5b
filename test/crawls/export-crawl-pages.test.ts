import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { parseCsv } from "../helpers/csv";

const HEADER = "url,state,depth,in_sitemap,found_via,report,status,score,result,issues_high,issues_medium,issues_low,error,final_url,generated_at";

/** A finished crawl with `n` pages: every third failed (its report failed), the rest audited with a report. */
async function seedCrawl(caller: Caller, project: string, n: number): Promise<number> {
  const crawl = await env.DB.prepare("INSERT INTO crawls (account_id, project, url, status) VALUES (?, ?, ?, 'completed') RETURNING id")
    .bind(caller.accountId, project, `https://${project}/`)
    .first<{ id: number }>();
  const projectRow = await env.DB.prepare("INSERT INTO projects (account_id, name) VALUES (?, ?) RETURNING id").bind(caller.accountId, project).first<{ id: number }>();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO reports (account_id, project_id, url, final_url, status, score, result, issues_high, issues_medium, issues_low, error_code, generated_at)
     SELECT ?, ?, 'https://' || ? || '/page-' || i, 'https://' || ? || '/final-' || i,
            CASE WHEN i % 3 = 0 THEN 'failed' ELSE 'completed' END,
            CASE WHEN i % 3 = 0 THEN NULL ELSE i % 101 END,
            CASE WHEN i % 3 = 0 THEN NULL WHEN i % 101 >= 80 THEN 'good' WHEN i % 101 >= 50 THEN 'decent' ELSE 'bad' END,
            i % 4, i % 5, i % 6, CASE WHEN i % 3 = 0 THEN 'timeout' END, '2026-01-01T00:00:00.000Z'
     FROM n`,
  )
    .bind(n, caller.accountId, projectRow!.id, project, project)
    .run();
  await env.DB.prepare(
    `INSERT INTO crawl_pages (crawl_id, url, depth, in_sitemap, linked, state, report_id, generation)
     SELECT ?, r.url, r.id % 3, r.id % 2, r.id % 5 < 2, CASE WHEN r.status = 'failed' THEN 'failed' ELSE 'audited' END, r.id, 1
     FROM reports r WHERE r.account_id = ? AND r.url LIKE 'https://' || ? || '/%' ORDER BY r.id`,
  )
    .bind(crawl!.id, caller.accountId, project)
    .run();
  return crawl!.id;
}

const csv = async (caller: Caller, path: string, headers: Record<string, string> = {}) => {
  const res = await call(path, { key: caller.key, headers });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return { res, records: parseCsv(res.text) };
};

describe("GET /api/v1/crawls/{id}/pages as CSV", () => {
  let caller: Caller;
  let other: Caller;
  let crawlId: number;
  let othersCrawl: number;
  const PAGES = 1_103;
  beforeAll(async () => {
    caller = await createCaller("crawl-csv");
    other = await createCaller("crawl-csv-other");
    crawlId = await seedCrawl(caller, "csv-site.example", PAGES);
    await seedCrawl(caller, "csv-second.example", 4);
    othersCrawl = await seedCrawl(other, "csv-theirs.example", 3);
  });

  it("answers every page of the crawl, over more than one keyset page, in discovery order, with its report's figures", async () => {
    const { res, records } = await csv(caller, `/api/v1/crawls/${crawlId}/pages?format=csv`);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="crawl-${crawlId}-pages.csv"`);
    expect(res.text.startsWith(`${HEADER}\r\n`)).toBe(true);
    const expected = await env.DB.prepare(
      `SELECT p.url, p.state, p.depth, p.in_sitemap,
              CASE WHEN NOT p.in_sitemap THEN 'links' WHEN p.linked THEN 'both' ELSE 'sitemap' END, p.report_id, r.status, r.score, r.result, r.issues_high, r.issues_medium,
              r.issues_low, r.error_code, r.final_url, r.generated_at
       FROM crawl_pages p LEFT JOIN reports r ON r.id = p.report_id WHERE p.crawl_id = ? ORDER BY p.id`,
    )
      .bind(crawlId)
      .raw<(string | number | null)[]>();
    expect(expected).toHaveLength(PAGES);
    const asCells = (row: (string | number | null)[]) =>
      row.map((value, i) => (value === null ? "" : i === 3 ? String(value === 1) : String(value)));
    expect(records.slice(1)).toEqual(expected.map(asCells));
    expect(new Set(records.slice(1).map((r) => r[4]))).toEqual(new Set(["sitemap", "links", "both"]));
    expect(records[1]).toEqual(["https://csv-site.example/page-1", "audited", expect.any(String), expect.any(String), expect.any(String), expect.any(String),
      "completed", "1", "bad", "1", "1", "1", "", "https://csv-site.example/final-1", "2026-01-01T00:00:00.000Z"]);
    expect(records.find((r) => r[0] === "https://csv-site.example/page-3")?.slice(6, 9)).toEqual(["failed", "", ""]);
  });

  it("is chosen by Accept: text/csv too, and honours the state filter", async () => {
    const { records } = await csv(caller, `/api/v1/crawls/${crawlId}/pages?state=failed`, { Accept: "text/csv" });
    expect(records[0]!.join(",")).toBe(HEADER);
    const failed = await env.DB.prepare("SELECT url FROM crawl_pages WHERE crawl_id = ? AND state = 'failed' ORDER BY id").bind(crawlId).all<{ url: string }>();
    expect(failed.results.length).toBeGreaterThan(300);
    expect(records.slice(1).map((r) => r[0])).toEqual(failed.results.map((r) => r.url));
    expect(records.slice(1).every((r) => r[1] === "failed" && r[12] === "timeout")).toBe(true);
  });

  it("format=json answers the JSON list even with Accept: text/csv", async () => {
    const res = await call(`/api/v1/crawls/${crawlId}/pages?format=json&per_page=10`, { key: caller.key, headers: { Accept: "text/csv" } });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(10);
    expect(res.json.meta.total).toBe(PAGES);
  });

  it("neutralises formulas and quotes what RFC 4180 says", async () => {
    const id = await seedCrawl(caller, "csv-hostile.example", 1);
    await env.DB.prepare("UPDATE crawl_pages SET url = ? WHERE crawl_id = ?").bind('=HYPERLINK("http://evil.example","x, y")', id).run();
    const { records, res } = await csv(caller, `/api/v1/crawls/${id}/pages?format=csv`);
    expect(records[1]![0]).toBe(`'=HYPERLINK("http://evil.example","x, y")`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x, y"")"`);
  });

  it("another account's crawl is 404, in the error shape, not an empty file", async () => {
    const res = await call(`/api/v1/crawls/${othersCrawl}/pages?format=csv`, { key: caller.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
  });

  it.each([
    ["format=xml", "format", "The format field must be one of json, csv."],
    ["format=csv&state=done", "state", "The state field must be one of pending, audited, failed, blocked."],
  ])("rejects %s with 422 naming the allowed values", async (query, field, message) => {
    const res = await call(`/api/v1/crawls/${crawlId}/pages?${query}`, { key: caller.key });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[field]).toEqual([message]);
  });
});

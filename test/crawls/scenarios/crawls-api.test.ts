import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { site } from "../../helpers/crawl";

/** An unfinished crawl row, as if one were running: the limits are about rows in D1, not about timing. */
async function seedRunningCrawl(caller: Caller, project: string, status = "running") {
  const row = await env.DB.prepare("INSERT INTO crawls (account_id, project, url, status) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(caller.accountId, project, `https://${project}/`, status)
    .first<{ id: number }>();
  return row!.id;
}

describe("POST /api/v1/crawls validation", () => {
  const invalid: [string, Record<string, string | number>, string, string][] = [
    ["a missing url", {}, "url", "The url field is required."],
    ["an unknown source", { url: "https://example.com/", source: "rss" }, "source", "The source field must be one of auto, sitemap, links."],
    ["limit 0", { url: "https://example.com/", limit: 0 }, "limit", "The limit field must be an integer of at least 1."],
    ["a non-integer limit", { url: "https://example.com/", limit: "ten" }, "limit", "The limit field must be an integer of at least 1."],
    ["limit over MAX_CRAWL_PAGES", { url: "https://example.com/", limit: 1001 }, "limit", "The limit field must be between 1 and 1000."],
    ["privacy 3", { url: "https://example.com/", privacy: 3 }, "privacy", "The privacy field must be one of 0, 1, 2."],
    ["privacy 2 without a password", { url: "https://example.com/", privacy: 2 }, "password", "The password field is required when privacy is 2."],
    ["an unknown schedule", { url: "https://example.com/", schedule: "hourly" }, "schedule", "The schedule field must be one of none, daily, weekly."],
    ["a non-http url", { url: "ftp://example.com/" }, "url", ""],
  ];
  it.each(invalid)("rejects %s with 422 naming the field", async (_, form, field, message) => {
    const { key } = await createCaller();
    const res = await call("/api/v1/crawls", { key, form });
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.json.errors)).toContain(field);
    if (message) expect(res.json.errors[field]).toContain(message);
    const list = await call("/api/v1/crawls", { key });
    expect(list.json.meta.total).toBe(0);
  });

  it("accepts JSON too and answers 201 with the crawl resource and a Location", async () => {
    const caller = await createCaller();
    const res = await call("/api/v1/crawls", { key: caller.key, json: { url: site("/bad/none.xml"), source: "sitemap", limit: 5, privacy: 2, password: "pw" } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("location")).toBe(`https://pagegrade.test/api/v1/crawls/${res.json.data.id}`);
    expect(res.json.data).toMatchObject({
      project: "127.0.0.1",
      url: site("/bad/none.xml"),
      source: "sitemap",
      status: "discovering",
      limit: 5,
      schedule: "none",
      privacy: 2,
      password: true,
      pages: { found: 0, audited: 0, failed: 0, blocked: 0, skipped: 0, pending: 0 },
      truncated: false,
      score: null,
      result: null,
      site_checks: null,
      error: null,
      previous_id: null,
      started_at: null,
      finished_at: null,
    });
    expect(JSON.stringify(res.json)).not.toContain("pw\"");
  });

  it("answers 409 when the project already has an unfinished crawl", async () => {
    const caller = await createCaller();
    await seedRunningCrawl(caller, "busy.example");
    const res = await call("/api/v1/crawls", { key: caller.key, form: { url: "https://www.busy.example/blog" } });
    expect(res.status, res.text).toBe(409);
    expect(res.json.message).toMatch(/unfinished crawl/);
  });

  it("answers 429 with Retry-After past MAX_ACTIVE_CRAWLS unfinished crawls", async () => {
    const caller = await createCaller();
    await seedRunningCrawl(caller, "a.example");
    await seedRunningCrawl(caller, "b.example", "discovering");
    await seedRunningCrawl(caller, "c.example");
    const res = await call("/api/v1/crawls", { key: caller.key, form: { url: "https://d.example/" } });
    expect(res.status, res.text).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    // Another account is not limited by this one's crawls.
    const other = await createCaller();
    await seedRunningCrawl(other, "a.example", "completed");
    expect((await call("/api/v1/crawls", { key: other.key, form: { url: site("/bad/none.xml") } })).status).toBe(201);
  });

  it("needs an API key", async () => {
    const res = await call("/api/v1/crawls", { form: { url: "https://example.com/" } });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/v1/crawls", () => {
  it("filters by project and status, sorts, paginates, and 422s bad values", async () => {
    const caller = await createCaller();
    const ids = [];
    for (const [project, status] of [["one.example", "completed"], ["two.example", "failed"], ["one.example", "cancelled"]] as const) {
      const id = await seedRunningCrawl(caller, project, status);
      await env.DB.prepare("UPDATE crawls SET finished_at = ? WHERE id = ?").bind(`2026-01-0${ids.length + 1}T00:00:00.000Z`, id).run();
      ids.push(id);
    }
    const byProject = await call("/api/v1/crawls?project=one.example&sort=asc", { key: caller.key });
    expect(byProject.json.data.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[2]]);
    const byStatus = await call("/api/v1/crawls?status=failed", { key: caller.key });
    expect(byStatus.json.data.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    const sorted = await call("/api/v1/crawls?sort_by=finished_at&sort=desc&per_page=10", { key: caller.key });
    expect(sorted.json.data.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(sorted.json.meta).toMatchObject({ total: 3, per_page: 10, current_page: 1, last_page: 1 });
    for (const [query, field] of [["status=done", "status"], ["sort_by=url", "sort_by"], ["per_page=7", "per_page"], ["page=0", "page"], ["sort=up", "sort"]]) {
      const res = await call(`/api/v1/crawls?${query}`, { key: caller.key });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual([field]);
    }
  });
});

describe("DELETE /api/v1/crawls/{id}", () => {
  it("cancels an unfinished crawl, deletes it and its pages, keeps its reports", async () => {
    const caller = await createCaller();
    const id = await seedRunningCrawl(caller, "gone.example");
    const reportId = (await call("/api/v1/reports", { key: caller.key, form: { url: site("/site/c") } })).json.data.id;
    await env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, state, report_id, generation) VALUES (?, ?, 'pending', ?, 1)")
      .bind(id, site("/site/c"), reportId)
      .run();
    const res = await call(`/api/v1/crawls/${id}`, { key: caller.key, method: "DELETE" });
    expect(res.json).toEqual({ id, object: "crawl", deleted: true, status: 200 });
    expect((await call(`/api/v1/crawls/${id}`, { key: caller.key })).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM crawl_pages WHERE crawl_id = ?").bind(id).first("n")).toBe(0);
    expect((await call(`/api/v1/reports/${reportId}`, { key: caller.key })).status).toBe(200);
    expect((await call(`/api/v1/crawls/${id}`, { key: caller.key, method: "DELETE" })).status).toBe(404);
  });

  it("a crawl id that is not a positive integer is 404", async () => {
    const { key } = await createCaller();
    for (const id of ["0", "abc", "-1"]) expect((await call(`/api/v1/crawls/${id}`, { key })).status).toBe(404);
  });
});

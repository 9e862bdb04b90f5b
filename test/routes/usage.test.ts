import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { siteRequests } from "../helpers/crawl";
import { callTool, mcpClient, textOf } from "../helpers/mcp";

/*
 * Quotas and usage through the real Worker and queue: the Nth counted work is allowed and the N+1th refused with 429
 * quota_exceeded and nothing created (no row, no message, no fetch of its page), regenerations count, two requests
 * at the boundary cannot both pass, and GET /api/v1/usage says what was counted.
 */

const page = (tag: string) => `${env.PAGE_SERVER}/fixtures/known-page.html?quota=${tag}`;
const setQuota = (caller: Caller, column: "quota_reports" | "quota_crawl_pages" | "quota_rendered", limit: number | null) =>
  env.DB.prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?`).bind(limit, caller.accountId).run();
const reportCount = async (caller: Caller) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE account_id = ?").bind(caller.accountId).first<{ n: number }>())!.n;
const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

describe("GET /api/v1/usage", () => {
  it("answers the calling account's counters of this month, no limits by default, each resetting at the next UTC month", async () => {
    const caller = await createCaller("usage-empty");
    const res = await call("/api/v1/usage", { key: caller.key });
    expect(res.status, res.text).toBe(200);
    const now = new Date();
    const counter = { used: 0, limit: null, resets_at: nextMonth() };
    expect(res.json).toEqual({
      data: {
        period: { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(), end: nextMonth() },
        reports: counter,
        crawl_pages: counter,
        rendered: counter,
      },
      status: 200,
    });
    expect(res.headers.get("x-d1-bookmark")).toBeTruthy();
    expect((await call("/api/v1/usage")).status).toBe(401);
  });

  it("counts only this month's row: last month's use at the limit leaves this month whole", async () => {
    const caller = await createCaller("usage-month");
    await setQuota(caller, "quota_reports", 1);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 7);
    await env.DB.prepare("INSERT INTO account_usage (account_id, month, reports) VALUES (?, ?, 1)").bind(caller.accountId, lastMonth).run();
    const usage = await call("/api/v1/usage", { key: caller.key });
    expect(usage.json.data.reports).toEqual({ used: 0, limit: 1, resets_at: nextMonth() });
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: page("month") } });
    expect(created.status, created.text).toBe(201);
  });
});

describe("the reports quota", () => {
  it("allows the Nth report and refuses the N+1th with 429 quota_exceeded, creating nothing and queuing nothing", async () => {
    const caller = await createCaller("quota-reports");
    await setQuota(caller, "quota_reports", 2);
    for (const tag of ["r1", "r2"]) {
      const res = await call("/api/v1/reports", { key: caller.key, form: { url: page(tag) } });
      expect(res.status, res.text).toBe(201);
    }
    const refused = await call("/api/v1/reports", { key: caller.key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html?quota=refused3` } });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: `The account's monthly quota of reports analysed is used up; it resets at ${nextMonth()}.`,
      status: 429,
      code: "quota_exceeded",
      counter: "reports",
      resets_at: nextMonth(),
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await reportCount(caller)).toBe(2);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.reports).toEqual({ used: 2, limit: 2, resets_at: nextMonth() });

    // Raised by one, the next report passes and is analysed; the refused one's page was never fetched.
    await setQuota(caller, "quota_reports", 3);
    const next = await call("/api/v1/reports", { key: caller.key, form: { url: page("r4") } });
    expect(next.status, next.text).toBe(201);
    expect((await waitForReport(caller.key, next.json.data.id)).status).toBe("completed");
    expect(await siteRequests("quota=refused3", env.PAGE_SERVER)).toEqual([]);
    expect((await siteRequests("quota=r4", env.PAGE_SERVER)).length).toBeGreaterThan(0);
  });

  it("counts regenerations: update=1 is the N+1th refused, the report left as it was; other updates are free", async () => {
    const caller = await createCaller("quota-regenerate");
    await setQuota(caller, "quota_reports", 2);
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: page("regen") } });
    const id = created.json.data.id;
    const first = await waitForReport(caller.key, id);
    expect(first.status).toBe("completed");
    const again = await call(`/api/v1/reports/${id}`, { method: "PATCH", key: caller.key, form: { update: 1 } });
    expect(again.status, again.text).toBe(202);
    expect((await waitForReport(caller.key, id)).status).toBe("completed");
    const generation = await env.DB.prepare("SELECT generation FROM reports WHERE id = ?").bind(id).first<{ generation: number }>();
    expect(generation!.generation).toBe(2);

    const refused = await call(`/api/v1/reports/${id}`, { method: "PATCH", key: caller.key, form: { update: 1, privacy: 1 } });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.json).toMatchObject({ code: "quota_exceeded", counter: "reports", resets_at: nextMonth() });
    const after = await env.DB.prepare("SELECT generation, status, privacy FROM reports WHERE id = ?").bind(id).first();
    expect(after).toEqual({ generation: 2, status: "completed", privacy: 0 });

    const free = await call(`/api/v1/reports/${id}`, { method: "PATCH", key: caller.key, form: { privacy: 1 } });
    expect(free.status, free.text).toBe(200);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.reports.used).toBe(2);
  });

  it("lets exactly one of two requests at the boundary pass", async () => {
    const caller = await createCaller("quota-race");
    await setQuota(caller, "quota_reports", 3);
    for (const tag of ["a", "b"]) expect((await call("/api/v1/reports", { key: caller.key, form: { url: page(`race-${tag}`) } })).status).toBe(201);
    const both = await Promise.all(["c", "d"].map((tag) => call("/api/v1/reports", { key: caller.key, form: { url: page(`race-${tag}`) } })));
    expect(both.map((res) => res.status).sort()).toEqual([201, 429]);
    expect(await reportCount(caller)).toBe(3);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.reports.used).toBe(3);
  });

  it("leaves an account without quotas unlimited, its usage still counted", async () => {
    const caller = await createCaller("quota-none");
    for (const tag of ["n1", "n2", "n3"]) expect((await call("/api/v1/reports", { key: caller.key, form: { url: page(tag) } })).status).toBe(201);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.reports).toEqual({ used: 3, limit: null, resets_at: nextMonth() });
  });

  it("answers the MCP tools with the same refusal, nothing created", async () => {
    const caller = await createCaller("quota-mcp");
    await setQuota(caller, "quota_reports", 0);
    const client = await mcpClient(caller.key);
    try {
      const result = await callTool(client, "audit_page", { url: page("mcp"), wait_seconds: 0 });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(`The account's monthly quota of reports analysed is used up; it resets at ${nextMonth()}.`);
    } finally {
      await client.close();
    }
    expect(await reportCount(caller)).toBe(0);
  });
});

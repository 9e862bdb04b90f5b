import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { laggingReplicaOf, laggingReportsReplica, spySessions } from "../helpers/d1-sessions";
import { oneLaneEnv } from "../helpers/one-lane-env";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

describe("D1 sessions: x-d1-bookmark in and out", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("sessions");
  });
  afterEach(() => vi.restoreAllMocks());

  it("a write answers with a bookmark; a read that sends it back sees the write and answers a bookmark at least as new", async () => {
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: "https://bookmark.example/a" } });
    expect(created.status, created.text).toBe(201);
    const written = created.headers.get("x-d1-bookmark");
    expect(written).toMatch(BOOKMARK);

    const sessions = spySessions();
    const shown = await call(`/api/v1/reports/${created.json.data.id}`, { key: caller.key, headers: { "x-d1-bookmark": written! } });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json.data.url).toBe("https://bookmark.example/a");
    expect(sessions.starts()).toEqual([written]);
    const read = shown.headers.get("x-d1-bookmark");
    expect(read).toMatch(BOOKMARK);
    expect(read! >= written!).toBe(true);

    const listed = await call("/api/v1/reports?search=bookmark.example", { key: caller.key, headers: { "x-d1-bookmark": read! } });
    expect(listed.json.data.map((r: { id: number }) => r.id)).toEqual([created.json.data.id]);
    expect(listed.headers.get("x-d1-bookmark")! >= read!).toBe(true);
  });

  it("reads without a bookmark start unconstrained; writes start on the primary even with a bookmark", async () => {
    const sessions = spySessions();
    const list = await call("/api/v1/projects", { key: caller.key });
    expect(list.status).toBe(200);
    const bookmark = list.headers.get("x-d1-bookmark")!;
    expect(bookmark).toMatch(BOOKMARK);
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: "https://primary.example/" }, headers: { "x-d1-bookmark": bookmark } });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    await call(`/api/v1/reports/${id}`, { method: "PATCH", key: caller.key, form: { privacy: 1 } });
    await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key });
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary", "first-primary", "first-primary"]);
  });

  it("error answers carry the bookmark too: 404, 422 and 401 for an unknown key", async () => {
    const missing = await call("/api/v1/reports/987654", { key: caller.key });
    const invalid = await call("/api/v1/reports?per_page=7", { key: caller.key });
    const unknownKey = await call("/api/v1/reports", { key: `pg_${"A".repeat(43)}` });
    expect([missing.status, invalid.status, unknownKey.status]).toEqual([404, 422, 401]);
    for (const res of [missing, invalid, unknownKey]) expect(res.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });

  it.each(["garbage", "00000000-00000004-00000000", "ZZZZZZZZ-00000004-00000000-00000000000000000000000000000000", "x".repeat(5000)])(
    "rejects a malformed bookmark %s with 400 in the error shape, before anything is read or written",
    async (bookmark) => {
      const sessions = spySessions();
      const send = vi.spyOn(env.ANALYSIS_QUEUE, "send");
      const res = await call("/api/v1/reports", { key: caller.key, form: { url: "https://never.example/" }, headers: { "x-d1-bookmark": bookmark } });
      expect(res.status, res.text).toBe(400);
      expect(res.json).toEqual({ message: "The x-d1-bookmark header must be a bookmark as this API returned it.", status: 400 });
      expect(sessions.spy).not.toHaveBeenCalled();
      expect(send).not.toHaveBeenCalled();
      const stored = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE url = 'https://never.example/'").first<{ n: number }>();
      expect(stored!.n).toBe(0);
    },
  );

  it("an empty bookmark header is the same as none", async () => {
    const sessions = spySessions();
    const res = await call("/api/v1/projects", { key: caller.key, headers: { "x-d1-bookmark": "" } });
    expect(res.status).toBe(200);
    expect(sessions.starts()).toEqual(["first-unconstrained"]);
  });
});

describe("a report a replica does not have yet", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("replica-lag");
  });
  afterEach(() => vi.restoreAllMocks());

  it("is looked up once more on the primary and shown, not 404", async () => {
    const id = await seedReport(caller, "https://lagging.example/new", { score: 91 });
    const sessions = spySessions({ rewrite: laggingReportsReplica });
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id, url: "https://lagging.example/new", score: 91 });
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary"]);
    expect(res.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });

  it("is 404 when the primary has no such report either, after exactly one primary lookup", async () => {
    const sessions = spySessions({ rewrite: laggingReportsReplica });
    const res = await call("/api/v1/reports/876543", { key: caller.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary"]);
  });

  it("another account's report stays 404 on the primary too", async () => {
    const other = await createCaller("replica-lag-other");
    const id = await seedReport(other, "https://lagging.example/theirs", { score: 50 });
    const sessions = spySessions({ rewrite: laggingReportsReplica });
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(res.status).toBe(404);
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary"]);
  });

  it("a report the replica has opens no primary session", async () => {
    const id = await seedReport(caller, "https://lagging.example/old", { score: 40 });
    const sessions = spySessions();
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(res.status).toBe(200);
    expect(sessions.starts()).toEqual(["first-unconstrained"]);
  });
});

describe("the queue consumer and the cron use the primary", () => {
  afterEach(() => vi.restoreAllMocks());

  it("analyse and sweep without opening a session (a plain D1 binding always reaches the primary)", async () => {
    const caller = await createCaller("primary-only");
    const id = await seedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`, { score: null });
    const row = await env.DB.prepare("SELECT generation FROM reports WHERE id = ?").bind(id).first<{ generation: number }>();
    const sessions = spySessions();
    const batch = createMessageBatch("pagegrade-analysis", [{ id: "session-m1", timestamp: new Date(), attempts: 1, body: { reportId: id, generation: row!.generation } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, oneLaneEnv(), ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["session-m1"]);
    const after = await env.DB.prepare("SELECT status FROM reports WHERE id = ?").bind(id).first<{ status: string }>();
    expect(after!.status).toBe("completed");
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, createExecutionContext());
    expect(sessions.spy).not.toHaveBeenCalled();
  });
});

describe("a crawl or webhook a replica does not have yet", () => {
  let caller: Caller;
  let crawlId: number;
  const lagging = laggingReplicaOf("crawls", "crawl_pages", "webhooks", "webhook_deliveries");
  beforeAll(async () => {
    caller = await createCaller("replica-lag-crawls");
    const crawl = await env.DB.prepare("INSERT INTO crawls (account_id, project, url, status, found) VALUES (?, 'lagging.example', 'https://lagging.example/', 'running', 2) RETURNING id")
      .bind(caller.accountId)
      .first<{ id: number }>();
    crawlId = crawl!.id;
    await env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, state) VALUES (?, 'https://lagging.example/', 'audited'), (?, 'https://lagging.example/a', 'pending')")
      .bind(crawlId, crawlId)
      .run();
  });
  afterEach(() => vi.restoreAllMocks());

  it("a crawl is looked up once more on the primary, and its page counts are read there too", async () => {
    const sessions = spySessions({ rewrite: lagging });
    const res = await call(`/api/v1/crawls/${crawlId}`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id: crawlId, url: "https://lagging.example/", pages: { found: 2, audited: 1, pending: 1 } });
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary"]);
    expect(res.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });

  it("its pages, as JSON and as CSV, are read on the primary that had the crawl", async () => {
    const sessions = spySessions({ rewrite: lagging });
    const list = await call(`/api/v1/crawls/${crawlId}/pages`, { key: caller.key });
    expect(list.status, list.text).toBe(200);
    expect(list.json.data.map((p: { url: string }) => p.url)).toEqual(["https://lagging.example/", "https://lagging.example/a"]);
    const csv = await call(`/api/v1/crawls/${crawlId}/pages?format=csv&state=pending`, { key: caller.key });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text.split("\r\n").slice(1, -1).map((line) => line.split(",")[0])).toEqual(["https://lagging.example/a"]);
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary", "first-unconstrained", "first-primary"]);
  });

  it("is 404 when the primary has none either (or another account's), after exactly one primary lookup", async () => {
    const other = await createCaller("replica-lag-crawls-other");
    const sessions = spySessions({ rewrite: lagging });
    for (const path of ["/api/v1/crawls/876543", `/api/v1/crawls/${crawlId}/pages`]) {
      const key = path.endsWith("pages") ? other.key : caller.key;
      const res = await call(path, { key });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
    }
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary", "first-unconstrained", "first-primary"]);
  });

  it("cancel and delete start on the primary: no replica is asked", async () => {
    const sessions = spySessions({ rewrite: lagging });
    const cancelled = await call(`/api/v1/crawls/${crawlId}/cancel`, { method: "POST", key: caller.key });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data.status).toBe("cancelled");
    const deleted = await call(`/api/v1/crawls/${crawlId}`, { method: "DELETE", key: caller.key });
    expect(deleted.json).toEqual({ id: crawlId, object: "crawl", deleted: true, status: 200 });
    expect(sessions.starts()).toEqual(["first-primary", "first-primary"]);
  });

  it("a webhook and its deliveries are looked up once more on the primary", async () => {
    const created = await call("/api/v1/webhooks", { key: caller.key, json: { url: `${env.PAGE_SERVER}/hooks/lag/ok`, events: ["*"] } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id;
    await env.DB.prepare("INSERT INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload) VALUES (?, ?, 'webhook.test:lag', 'webhook.test', '{}')")
      .bind(`msg_${"a".repeat(32)}`, id)
      .run();
    const sessions = spySessions({ rewrite: lagging });
    const shown = await call(`/api/v1/webhooks/${id}`, { key: caller.key });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json.data.id).toBe(id);
    const deliveries = await call(`/api/v1/webhooks/${id}/deliveries`, { key: caller.key });
    expect(deliveries.status, deliveries.text).toBe(200);
    expect(deliveries.json.data.map((d: { id: string }) => d.id)).toEqual([`msg_${"a".repeat(32)}`]);
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary", "first-unconstrained", "first-primary"]);
  });

  it("a report's history is looked up once more on the primary, and its generations read there", async () => {
    const id = await seedReport(caller, "https://lagging.example/history", { score: 70 });
    await env.DB.prepare("INSERT INTO report_history (report_id, generation, status, score, result, failed_checks, generated_at) VALUES (?, 1, 'completed', 70, 'decent', '[]', '2026-01-01T00:00:00.000Z')")
      .bind(id)
      .run();
    const sessions = spySessions({ rewrite: laggingReplicaOf("reports", "report_history") });
    const res = await call(`/api/v1/reports/${id}/history?fields=score`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual([{ generation: 1, score: 70 }]);
    expect(sessions.starts()).toEqual(["first-unconstrained", "first-primary"]);
  });
});

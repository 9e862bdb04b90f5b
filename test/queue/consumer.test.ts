import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { decodeResults } from "../../src/reports/results-codec";
import { createCaller, seedReport, type Caller } from "../helpers/api";

const QUEUE = "pagegrade-analysis";
const DLQ = "pagegrade-analysis-dlq";
const SLOW = "pagegrade-analysis-slow";
let sequence = 0;

async function deliver(queue: string, body: unknown, attempts = 1) {
  const batch = createMessageBatch(queue, [{ id: `m${++sequence}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

const report = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();

async function queuedReport(caller: Caller, url: string) {
  const id = await seedReport(caller, url, { score: null });
  return { id, generation: (await report(id))!.generation as number };
}

/** A running crawl with one pending page whose report is queued: what a crawl's discovery leaves for the consumer. */
async function crawlPage(caller: Caller, url: string) {
  const reportId = await seedReport(caller, url, { score: null });
  const crawl = await env.DB.prepare(
    "INSERT INTO crawls (account_id, project, url, status, discovered_by, interval_ms) VALUES (?, ?, ?, 'running', 'sitemap', 10) RETURNING id",
  )
    .bind(caller.accountId, `shape-${reportId}.example`, url)
    .first<{ id: number }>();
  const page = await env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, state, in_sitemap, report_id, generation) VALUES (?, ?, 'pending', 1, ?, 1) RETURNING id")
    .bind(crawl!.id, url, reportId)
    .first<{ id: number }>();
  return { reportId, generation: 1, crawlId: crawl!.id, pageId: page!.id };
}

describe("analysis queue consumer", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("consumer");
  });

  it("analyses a queued report into completed with results, score, final_url and generated_at, then acks", async () => {
    const job = await queuedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`);
    const result = await deliver(QUEUE, { reportId: job.id, generation: job.generation });
    expect(result.explicitAcks).toEqual([`m${sequence}`]);
    expect(result.retryMessages).toEqual([]);
    const row = await report(job.id);
    expect(row).toMatchObject({ status: "completed", final_url: `${env.PAGE_SERVER}/fixtures/known-page.html`, error_code: null });
    expect(row!.score).toBeGreaterThan(0);
    expect(row!.generated_at).toMatch(/^\d{4}-/);
    expect(Object.keys(decodeResults(row!.results)!).length).toBeGreaterThan(0);
  });

  it("gives one result for a message delivered twice: the duplicate is acked and changes nothing", async () => {
    const job = await queuedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`);
    await deliver(QUEUE, { reportId: job.id, generation: job.generation });
    const first = await report(job.id);
    const again = await deliver(QUEUE, { reportId: job.id, generation: job.generation });
    expect(again.explicitAcks).toHaveLength(1);
    expect(await report(job.id)).toEqual(first);
  });

  it("acks a stale message (an older generation) without touching the report", async () => {
    const job = await queuedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`);
    await env.DB.prepare("UPDATE reports SET generation = generation + 1 WHERE id = ?").bind(job.id).run();
    const before = await report(job.id);
    const result = await deliver(QUEUE, { reportId: job.id, generation: job.generation });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await report(job.id)).toEqual(before);
  });

  it("acks messages for deleted reports and malformed bodies", async () => {
    expect((await deliver(QUEUE, { reportId: 987654, generation: 1 })).explicitAcks).toHaveLength(1);
    expect((await deliver(QUEUE, { nope: true })).explicitAcks).toHaveLength(1);
    expect((await deliver(QUEUE, "garbage")).explicitAcks).toHaveLength(1);
  });

  it("retries a temporary failure (503) as a new slow-lane message, counting attempts in D1, then fails the report on the last", async () => {
    const job = await queuedReport(caller, `${env.PAGE_SERVER}/hostile/status/503`);
    const first = await deliver(QUEUE, { reportId: job.id, generation: job.generation }, 1);
    // The delivery is acked: its retry is a new message (a delivery's attempts count crashes only).
    expect(first.explicitAcks).toEqual([`m${sequence}`]);
    expect(first.retryMessages).toEqual([]);
    expect(await report(job.id)).toMatchObject({ status: "queued", attempts: 1, last_error_code: "target_unavailable" });
    expect((await report(job.id))!.next_attempt_at).toMatch(/^\d{4}-/);
    // The last attempt, however many times the message itself was delivered.
    await env.DB.prepare("UPDATE reports SET attempts = ? WHERE id = ?").bind(Number(env.ANALYSIS_MAX_ATTEMPTS) - 1, job.id).run();
    const last = await deliver(SLOW, { reportId: job.id, generation: job.generation }, 1);
    expect(last.explicitAcks).toHaveLength(1);
    expect(last.retryMessages).toEqual([]);
    expect(await report(job.id)).toMatchObject({ status: "failed", error_code: "target_unavailable", attempts: 0, last_error_code: null, next_attempt_at: null });
  });

  it("fails at once, without retry, on a permanent failure (not HTML)", async () => {
    const job = await queuedReport(caller, `${env.PAGE_SERVER}/hostile/type/png`);
    const result = await deliver(QUEUE, { reportId: job.id, generation: job.generation });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await report(job.id)).toMatchObject({ status: "failed", error_code: "not_html" });
  });

  it("keeps the previous results when a regeneration fails", async () => {
    const id = await seedReport(caller, `${env.PAGE_SERVER}/hostile/type/png`, { score: 77 });
    await env.DB.prepare("UPDATE reports SET status = 'queued', generation = 2, results = '{\"title\":{}}' WHERE id = ?").bind(id).run();
    await deliver(QUEUE, { reportId: id, generation: 2 });
    expect(await report(id)).toMatchObject({ status: "failed", score: 77, result: "decent", results: '{"title":{}}', error_code: "not_html" });
  });

  it("marks a report failed when its message reaches the dead-letter queue, unless it already finished", async () => {
    const stuck = await queuedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`);
    await env.DB.prepare("UPDATE reports SET status = 'processing' WHERE id = ?").bind(stuck.id).run();
    const result = await deliver(DLQ, { reportId: stuck.id, generation: stuck.generation });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await report(stuck.id)).toMatchObject({ status: "failed", error_code: "analysis_crashed" });

    const done = await seedReport(caller, "https://done.example/", { score: 90 });
    await deliver(DLQ, { reportId: done, generation: 1 });
    expect(await report(done)).toMatchObject({ status: "completed", score: 90, error_code: null });
  });

  it("analyses a job of either kind, and a message of the shape queued before jobs had a kind, so none in flight is dropped", async () => {
    const lone = await queuedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html?kind=report`);
    expect((await deliver(QUEUE, { kind: "report", reportId: lone.id, generation: lone.generation })).explicitAcks).toHaveLength(1);
    expect(await report(lone.id)).toMatchObject({ status: "completed" });

    for (const shape of ["old", "new"] as const) {
      const page = await crawlPage(caller, `${env.PAGE_SERVER}/fixtures/known-page.html?crawl-shape=${shape}`);
      const ids = { reportId: page.reportId, generation: page.generation, crawlId: page.crawlId, crawlPageId: page.pageId };
      const result = await deliver(QUEUE, shape === "old" ? ids : { kind: "crawl_page", ...ids });
      expect(result.explicitAcks, shape).toHaveLength(1);
      expect(await report(page.reportId), shape).toMatchObject({ status: "completed" });
      // Settled as a crawl's page: its state and facts kept, and the crawl (its only page) completed once its link
      // targets were asked (a step of the crawl queue, docs/crawls.md "Link checks").
      const settled = await env.DB.prepare("SELECT state, facts FROM crawl_pages WHERE id = ?").bind(page.pageId).first<{ state: string; facts: string }>();
      expect(settled!.state, shape).toBe("audited");
      expect(JSON.parse(settled!.facts).title, shape).toEqual(expect.any(String));
      expect(await crawlStatusOnceSettled(page.crawlId), shape).toBe("completed");
    }
  });

  it("drops a crawl page job without its crawl ids as malformed, touching nothing", async () => {
    const job = await queuedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html?kind=incomplete`);
    const before = await report(job.id);
    const result = await deliver(QUEUE, { kind: "crawl_page", reportId: job.id, generation: job.generation });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await report(job.id)).toEqual(before);
  });

});

/** A crawl's status once it left `running` (its link-check step runs on the crawl queue), or `running` after 10 s. */
async function crawlStatusOnceSettled(crawlId: number): Promise<unknown> {
  const statusOf = () => env.DB.prepare("SELECT status FROM crawls WHERE id = ?").bind(crawlId).first("status");
  for (let waited = 0; waited < 10_000; waited += 100) {
    const status = await statusOf();
    if (status !== "running") return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return statusOf();
}

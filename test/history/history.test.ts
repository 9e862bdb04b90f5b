import { env } from "cloudflare:workers";
import { config } from "../../src/config";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { failStaleReports } from "../../src/reports/sweep-stale";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { createEndpoint, deliverMessage, hookUrl, waitForWebhooks } from "../helpers/webhooks";

const ANALYSIS = "pagegrade-analysis";
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

const historyRows = (reportId: number) =>
  env.DB.prepare("SELECT * FROM report_history WHERE report_id = ? ORDER BY generation").bind(reportId).all<Record<string, any>>().then((r) => r.results);

/** Starts the next generation as update=1 does, without sending its message: the test delivers it. */
async function nextGeneration(id: number) {
  const row = await env.DB.prepare("UPDATE reports SET status = 'queued', generation = generation + 1 WHERE id = ? RETURNING generation")
    .bind(id)
    .first<{ generation: number }>();
  return { reportId: id, generation: row!.generation };
}

const eventsOf = (reportId: number, type: string) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE type = ? AND json_extract(payload, '$.data.id') = ?").bind(type, reportId).all().then((r) => r.results);

describe("history and report events", () => {
  let caller: Caller;
  let other: Caller;
  beforeAll(async () => {
    caller = await createCaller("history");
    other = await createCaller("history-other");
  });

  it("exactly one report.completed per generation, even when the analysis message is delivered twice at once", async () => {
    const { tag, url } = hookUrl("ok");
    await createEndpoint(caller, url, ["report.completed"]);
    const id = await seedReport(caller, KNOWN(), { score: null });
    const job = { reportId: id, generation: 1 };
    await Promise.all([deliverMessage(ANALYSIS, job), deliverMessage(ANALYSIS, job)]);
    await deliverMessage(ANALYSIS, job); // and once more, late
    expect(await eventsOf(id, "report.completed")).toHaveLength(1);
    expect(await historyRows(id)).toHaveLength(1);
    const got = await waitForWebhooks(tag, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await waitForWebhooks(tag, 2, 0)).toHaveLength(1);
    expect(JSON.parse(got[0]!.body).data.id).toBe(id);
  });

  it("report.score_dropped is sent, besides report.completed, only when the score really drops", async () => {
    const { tag, url } = hookUrl("ok");
    await createEndpoint(caller, url, ["report.score_dropped"]);
    // Known page scores below 100: a drop from 100, a rise from 0, and no change the second time.
    const dropped = await seedReport(caller, KNOWN(), { score: 100 });
    const rose = await seedReport(caller, KNOWN(), { score: 0 });
    for (const id of [dropped, rose]) {
      const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PUT", form: { update: 1 } });
      expect(res.status).toBe(202);
      expect((await waitForReport(caller.key, id)).status).toBe("completed");
    }
    const [event] = await waitForWebhooks(tag, 1);
    const payload = JSON.parse(event!.body);
    expect(payload).toMatchObject({ type: "report.score_dropped", data: { id: dropped, previous_score: 100, previous_result: "good", status: "completed" } });
    expect(payload.data.score).toBeLessThan(100);
    expect(await eventsOf(rose, "report.score_dropped")).toEqual([]);
    expect(await eventsOf(dropped, "report.completed")).toHaveLength(1);
    // Same page again: same score, no drop.
    await call(`/api/v1/reports/${dropped}`, { key: caller.key, method: "PUT", form: { update: 1 } });
    expect((await waitForReport(caller.key, dropped)).status).toBe("completed");
    expect(await eventsOf(dropped, "report.score_dropped")).toHaveLength(1);
    const report = await call(`/api/v1/reports/${dropped}`, { key: caller.key });
    expect(report.json.data.previous_score).toBe(report.json.data.score);
  });

  it("GET /api/v1/reports/{id}/history lists generations newest first with changes and previous_score", async () => {
    const id = await seedReport(caller, KNOWN(), { score: null });
    await deliverMessage(ANALYSIS, { reportId: id, generation: 1 });
    // A second generation that fails: kept, without a score, and without changes.
    const failing = await nextGeneration(id);
    await env.DB.prepare("UPDATE reports SET url = ? WHERE id = ?").bind(`${env.PAGE_SERVER}/hooks/not-a-page/ok`, id).run();
    await deliverMessage(ANALYSIS, failing);
    // A third that completes on a page with other failures.
    const third = await nextGeneration(id);
    await env.DB.prepare("UPDATE reports SET url = ? WHERE id = ?").bind(`${env.PAGE_SERVER}/fixtures/sample-page.html`, id).run();
    await deliverMessage(ANALYSIS, third);

    const res = await call(`/api/v1/reports/${id}/history?per_page=10`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.meta).toMatchObject({ total: 3, per_page: 10, current_page: 1 });
    const [newest, failed, first] = res.json.data;
    expect(failed).toMatchObject({ generation: 2, status: "failed", score: null, changes: null, error: { code: "not_html" } });
    expect(first).toMatchObject({ generation: 1, status: "completed", changes: null });
    expect(newest.generation).toBe(3);
    const rows = await historyRows(id);
    const before = new Set(JSON.parse(rows[0]!.failed_checks) as string[]);
    const after = new Set(JSON.parse(rows[2]!.failed_checks) as string[]);
    expect(newest.changes).toEqual({
      score_delta: newest.score - first.score,
      newly_failed: [...after].filter((c) => !before.has(c)),
      newly_passed: [...before].filter((c) => !after.has(c)),
    });
    expect(newest.changes.newly_failed.length + newest.changes.newly_passed.length).toBeGreaterThan(0);
    expect(Object.keys(newest).sort()).toEqual(["changes", "error", "failed_checks", "generated_at", "generation", "issues", "result", "score", "status"]);
    const report = (await call(`/api/v1/reports/${id}`, { key: caller.key })).json.data;
    expect(report.previous_score).toBe(first.score);
    expect(report.score).toBe(newest.score);

    // Across pages, the oldest entry of a page still compares with the completed one on the next page.
    const page1 = await call(`/api/v1/reports/${id}/history?per_page=10&page=1`, { key: caller.key });
    expect(page1.json.data[0].changes).toEqual(newest.changes);
  });

  it("keeps at most HISTORY_LIMIT rows per report, pruning the oldest", async () => {
    const id = await seedReport(caller, KNOWN(), { score: null });
    await deliverMessage(ANALYSIS, { reportId: id, generation: 1 }, { HISTORY_LIMIT: "3" });
    for (let i = 0; i < 4; i++) await deliverMessage(ANALYSIS, await nextGeneration(id), { HISTORY_LIMIT: "3" });
    expect((await historyRows(id)).map((r) => r.generation)).toEqual([3, 4, 5]);
    const res = await call(`/api/v1/reports/${id}/history`, { key: caller.key });
    expect(res.json.meta.total).toBe(3);
  });

  it("another account's history is 404; bad list parameters are 422", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const res = await call(`/api/v1/reports/${id}/history`, { key: other.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
    expect((await call(`/api/v1/reports/${id}/history?per_page=7`, { key: caller.key })).status).toBe(422);
    expect((await call(`/api/v1/reports/999999/history`, { key: caller.key })).status).toBe(404);
  });

  it("deleting a report deletes its history; events already due are still delivered", async () => {
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(caller, url, ["report.completed"]);
    const id = await seedReport(caller, KNOWN(), { score: null });
    await deliverMessage(ANALYSIS, { reportId: id, generation: 1 }, { WEBHOOK_QUEUE: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue });
    const pending = (await eventsOf(id, "report.completed")).filter((row: any) => row.webhook_id === hook.id);
    expect(pending).toHaveLength(1);
    await call(`/api/v1/reports/${id}`, { key: caller.key, method: "DELETE" });
    expect(await historyRows(id)).toEqual([]);
    await deliverMessage("pagegrade-webhooks", { deliveryId: (pending[0] as any).id, attempt: 0 });
    expect(await waitForWebhooks(tag, 1)).toHaveLength(1);
  });

  it("the report page shows the score trend as inline SVG and what changed since the last audit", async () => {
    const id = await seedReport(caller, KNOWN(), { score: null });
    await deliverMessage(ANALYSIS, { reportId: id, generation: 1 });
    const second = await nextGeneration(id);
    await env.DB.prepare("UPDATE reports SET url = ? WHERE id = ?").bind(`${env.PAGE_SERVER}/fixtures/sample-page.html`, id).run();
    await deliverMessage(ANALYSIS, second);
    const res = await call(`/reports/${id}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Since the last audit");
    expect(res.text).toMatch(/<svg class="trend"[^>]*role="img"/);
    expect(res.text).toContain("<polyline");
    expect(res.text).not.toContain("<script");
    expect(res.text).toMatch(/Newly (failing|fixed)/);
  });

  it("a generation the stale sweep fails is kept in history and announced as report.failed", async () => {
    const hook = await createEndpoint(caller, hookUrl("ok").url, ["report.failed"]);
    const id = await seedReport(caller, KNOWN(), { score: 40 });
    await env.DB.prepare("UPDATE reports SET status = 'processing', generation = 2, updated_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 20 * 60_000).toISOString(), id)
      .run();
    await failStaleReports(createDb(env.DB), env.WEBHOOK_QUEUE, config(env));
    await failStaleReports(createDb(env.DB), env.WEBHOOK_QUEUE, config(env));
    expect(await historyRows(id)).toMatchObject([{ generation: 2, status: "failed", error_code: "analysis_lost", score: null }]);
    const events = (await eventsOf(id, "report.failed")).filter((row: any) => row.webhook_id === hook.id);
    expect(events).toHaveLength(1);
    expect(JSON.parse((events[0] as any).payload).data).toMatchObject({ id, status: "failed", previous_score: 40, error: { code: "analysis_lost" } });
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { deliverMessage } from "../helpers/webhooks";
import { historyRows, nextGeneration } from "../helpers/history";

const ANALYSIS = "pagegrade-analysis";
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

describe("GET /api/v1/reports/{id}/history", () => {
  let caller: Caller;
  let other: Caller;
  beforeAll(async () => {
    caller = await createCaller("list-history");
    other = await createCaller("history-other");
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
    expect(Object.keys(newest).sort()).toEqual(["changes", "error", "failed_checks", "field", "generated_at", "generation", "issues", "metrics", "result", "score", "status"]);
    const report = (await call(`/api/v1/reports/${id}`, { key: caller.key })).json.data;
    expect(report.previous_score).toBe(first.score);
    expect(report.score).toBe(newest.score);

    // Across pages, the oldest entry of a page still compares with the completed one on the next page.
    const page1 = await call(`/api/v1/reports/${id}/history?per_page=10&page=1`, { key: caller.key });
    expect(page1.json.data[0].changes).toEqual(newest.changes);
  });

  it("another account's history is 404; bad list parameters are 422", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const res = await call(`/api/v1/reports/${id}/history`, { key: other.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
    expect((await call(`/api/v1/reports/${id}/history?per_page=7`, { key: caller.key })).status).toBe(422);
    expect((await call(`/api/v1/reports/999999/history`, { key: caller.key })).status).toBe(404);
  });
});

import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AnalysisOutcome } from "../../src/analysis/analyze";
import { createDb } from "../../src/db/client";
import { failures } from "../../src/targets/failures";
import { finishGeneration, recordFailedGenerations, type EndSettings } from "../../src/reports/finish-generation";
import { failStaleGenerations } from "../../src/reports/generation";
import { createCaller, seedReport, type Caller } from "../helpers/api";
import { createEndpoint, deliveryRows, hookUrl, recordingQueue } from "../helpers/webhooks";

const db = createDb(env.DB);
const settings: EndSettings = { historyLimit: 100, publicOrigin: "https://pages.pagegrade.test" };
const row = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();
const history = (id: number) =>
  env.DB.prepare("SELECT generation, status, score, error_code FROM report_history WHERE report_id = ? ORDER BY generation").bind(id).all().then((r) => r.results);
const completed = (score: number): AnalysisOutcome => ({
  ok: true,
  finalUrl: "https://finish.example/final",
  score,
  result: score >= 80 ? "good" : score >= 50 ? "decent" : "bad",
  issues: { high: 0, medium: 1, low: 0 },
  results: {},
});
/** A report of `caller` whose generation `generation` is running. */
async function running(caller: Caller, path: string, generation: number, score: number | null = null) {
  const id = await seedReport(caller, `https://finish.example/${path}`, { score });
  await env.DB.prepare("UPDATE reports SET status = 'processing', generation = ? WHERE id = ?").bind(generation, id).run();
  return { reportId: id, generation };
}

describe("finishGeneration: a generation's end, its history row and its events in one batch", () => {
  let caller: Caller;
  let webhookId: number;
  beforeAll(async () => {
    caller = await createCaller("finish-generation");
    webhookId = (await createEndpoint(caller, hookUrl("ok").url, ["report.completed", "report.score_dropped", "report.failed"])).id;
  });

  it("records and announces a generation once, even when its message is handled twice", async () => {
    const job = await running(caller, "twice", 2, 90);
    const { queue, sent } = recordingQueue();
    await finishGeneration(db, queue, job, completed(60), settings);
    await finishGeneration(db, queue, job, completed(60), settings);
    expect(await row(job.reportId)).toMatchObject({ status: "completed", score: 60, previous_score: 90 });
    expect(await history(job.reportId)).toEqual([{ generation: 2, status: "completed", score: 60, error_code: null }]);
    const deliveries = (await deliveryRows(webhookId)).filter((d) => JSON.parse(d.payload).data.id === job.reportId);
    expect(deliveries.map((d) => d.type).sort()).toEqual(["report.completed", "report.score_dropped"]);
    // Queued once each, by the call that wrote them: the second call's batch wrote nothing to announce.
    expect(sent.map((s) => s.body.deliveryId).sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(JSON.parse(deliveries[0]!.payload).data).toMatchObject({
      score: 60,
      previous_score: 90,
      page_url: `https://pages.pagegrade.test/reports/${job.reportId}`,
    });
  });

  it("leaves a report alone whose generation moved on", async () => {
    const job = await running(caller, "moved-on", 3);
    const { queue, sent } = recordingQueue();
    await finishGeneration(db, queue, { ...job, generation: 2 }, completed(99), settings);
    expect(await row(job.reportId)).toMatchObject({ status: "processing", score: null });
    expect(await history(job.reportId)).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("runs riders after the end in its batch, returns their results and queues none of their ids; alone when the generation moved on", async () => {
    const job = await running(caller, "riders", 2, 90);
    // A row with a numeric id, as a crawl page's settle returns: never taken for a delivery's id.
    const rider = (reportId: number) => sql`SELECT 987654 AS id, status FROM reports WHERE id = ${reportId}`;
    const { queue, sent } = recordingQueue();
    const results = await finishGeneration(db, queue, job, completed(60), settings, undefined, undefined, [rider(job.reportId)]);
    expect(results.map((r) => r.results)).toEqual([[{ id: 987654, status: "completed" }]]);
    const deliveries = (await deliveryRows(webhookId)).filter((d) => JSON.parse(d.payload).data.id === job.reportId);
    expect(sent.map((s) => s.body.deliveryId).sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(sent.map((s) => s.body.deliveryId)).not.toContain(987654);

    const moved = await running(caller, "riders-moved-on", 3);
    const alone = recordingQueue();
    const aloneResults = await finishGeneration(db, alone.queue, { ...moved, generation: 2 }, completed(99), settings, undefined, undefined, [rider(moved.reportId)]);
    expect(aloneResults.map((r) => r.results)).toEqual([[{ id: 987654, status: "processing" }]]);
    expect(await history(moved.reportId)).toEqual([]);
    expect(alone.sent).toEqual([]);
  });

  it("keeps HISTORY_LIMIT rows per report: older ones are pruned in the same batch", async () => {
    const first = await running(caller, "pruned", 1);
    const { queue } = recordingQueue();
    const keepOne = { ...settings, historyLimit: 1 };
    await finishGeneration(db, queue, first, completed(70), keepOne);
    await env.DB.prepare("UPDATE reports SET status = 'processing', generation = 2 WHERE id = ?").bind(first.reportId).run();
    await finishGeneration(db, queue, { ...first, generation: 2 }, completed(75), keepOne);
    expect(await history(first.reportId)).toEqual([{ generation: 2, status: "completed", score: 75, error_code: null }]);
  });

  it("gives generations the sweep failed their history row and report.failed, without a page link when PUBLIC_ORIGIN is empty", async () => {
    const job = await running(caller, "swept", 1);
    await env.DB.prepare("UPDATE reports SET updated_at = ? WHERE id = ?").bind(new Date(Date.now() - 3_600_000).toISOString(), job.reportId).run();
    const stale = await failStaleGenerations(db, new Date(Date.now() - 60_000).toISOString(), failures.analysisLost, new Date().toISOString());
    const { queue, sent } = recordingQueue();
    await recordFailedGenerations(db, queue, stale, failures.analysisLost, { ...settings, publicOrigin: null });
    expect(await history(job.reportId)).toEqual([{ generation: 1, status: "failed", score: null, error_code: "analysis_lost" }]);
    const failed = (await deliveryRows(webhookId)).filter((d) => d.type === "report.failed" && JSON.parse(d.payload).data.id === job.reportId);
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!.payload).data).toMatchObject({ status: "failed", page_url: null, error: { code: "analysis_lost" } });
    expect(sent.map((s) => s.body.deliveryId)).toContain(failed[0]!.id);
  });
});

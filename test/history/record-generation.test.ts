import { env } from "cloudflare:workers";
import { config } from "../../src/config";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { failStaleReports } from "../../src/reports/sweep-stale";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { createEndpoint, deliverMessage, hookUrl, waitForWebhooks } from "../helpers/webhooks";
import { eventsOf, historyRows, nextGeneration } from "../helpers/history";

const ANALYSIS = "pagegrade-analysis";
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

describe("a generation's history row", () => {
  let caller: Caller;
  let other: Caller;
  beforeAll(async () => {
    caller = await createCaller("record-generation");
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

  it("keeps at most HISTORY_LIMIT rows per report, pruning the oldest", async () => {
    const id = await seedReport(caller, KNOWN(), { score: null });
    await deliverMessage(ANALYSIS, { reportId: id, generation: 1 }, { HISTORY_LIMIT: "3" });
    for (let i = 0; i < 4; i++) await deliverMessage(ANALYSIS, await nextGeneration(id), { HISTORY_LIMIT: "3" });
    expect((await historyRows(id)).map((r) => r.generation)).toEqual([3, 4, 5]);
    const res = await call(`/api/v1/reports/${id}/history`, { key: caller.key });
    expect(res.json.meta.total).toBe(3);
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

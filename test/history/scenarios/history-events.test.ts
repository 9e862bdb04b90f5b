import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../../helpers/api";
import { waitForReport } from "../../helpers/wait-report";
import { createEndpoint, deliverMessage, hookUrl, waitForWebhooks } from "../../helpers/webhooks";
import { eventsOf, historyRows } from "../../helpers/history";

const ANALYSIS = "pagegrade-analysis";
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

describe("history and report events", () => {
  let caller: Caller;
  let other: Caller;
  beforeAll(async () => {
    caller = await createCaller("history-events");
    other = await createCaller("history-other");
  });

  it("report.score_dropped is sent, besides report.completed, only when the score really drops", async () => {
    const { tag, url } = hookUrl("ok");
    await createEndpoint(caller, url, ["report.score_dropped"]);
    // report.completed is queued only for an endpoint that takes it: one of the account's, on a receiver of its own.
    await createEndpoint(caller, hookUrl("ok").url, ["report.completed"]);
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
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";

describe("an event goes to the endpoints subscribed to it", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("emit-event");
  });

  it("only subscribed events are sent: report.failed goes to its subscriber, not to a report.completed one", async () => {
    const failedOnly = hookUrl("ok");
    await createEndpoint(caller, failedOnly.url, ["report.failed"]);
    const completedOnly = hookUrl("ok");
    await createEndpoint(caller, completedOnly.url, ["report.completed"]);
    // The receiver answers a GET with 405 text/plain: not HTML, a permanent failure.
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: `${env.PAGE_SERVER}/hooks/not-a-page/ok` } });
    const failed = await waitForReport(caller.key, created.json.data.id);
    expect(failed.status).toBe("failed");
    const [delivery] = await waitForWebhooks(failedOnly.tag, 1);
    const payload = JSON.parse(delivery!.body);
    expect(payload.type).toBe("report.failed");
    expect(payload.data).toMatchObject({ id: failed.id, status: "failed", score: null, result: null, error: failed.error, generated_at: expect.any(String) });
    expect(await waitForWebhooks(completedOnly.tag, 1, 1000)).toEqual([]);
  });
});

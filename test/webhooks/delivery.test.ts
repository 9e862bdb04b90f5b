import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { signatureHeader } from "../../src/webhooks/sign";
import { call, createCaller, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";

const REPORT_KEYS = ["id", "url", "final_url", "project", "status", "score", "previous_score", "result", "previous_result", "issues", "error", "page_url", "generated_at"];

describe("webhook deliveries through the queue, verified by the standardwebhooks package", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("deliveries");
  });

  it("a completed report arrives signed, with the headers and the payload of docs/monitoring.md", async () => {
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(caller, url, ["report.completed"]);
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: page } });
    const report = await waitForReport(caller.key, created.json.data.id);
    expect(report.status).toBe("completed");
    const [delivery, ...more] = await waitForWebhooks(tag, 1);
    expect(more).toEqual([]);
    const headers = delivery!.headers;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toMatch(/^PagegradeBot\//);
    expect(headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers).not.toHaveProperty("authorization");

    // The independent verifier: passes on what we sent, fails on any change.
    const payload = new Webhook(hook.secret).verify(delivery!.body, headers) as any;
    expect(payload.type).toBe("report.completed");
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    expect(Object.keys(payload.data).sort()).toEqual([...REPORT_KEYS].sort());
    expect(payload.data).toMatchObject({
      id: report.id,
      url: page,
      final_url: page,
      project: "127.0.0.1",
      status: "completed",
      score: report.score,
      previous_score: null,
      result: report.result,
      previous_result: null,
      issues: report.issues,
      error: null,
      page_url: `https://pagegrade.test/reports/${report.id}`,
      generated_at: report.generated_at,
    });
    expect(delivery!.body.length).toBeLessThan(20_000);
    expect(() => new Webhook(hook.secret).verify(delivery!.body.replace('"completed"', '"failed"'), headers)).toThrow();
    const other = (await createEndpoint(caller, hookUrl("ok").url)).secret;
    expect(() => new Webhook(other).verify(delivery!.body, headers)).toThrow();

    const list = await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key: caller.key });
    expect(list.json.data).toEqual([
      {
        id: headers["webhook-id"],
        type: "report.completed",
        status: "succeeded",
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
        created_at: expect.any(String),
      },
    ]);
  });

  it("an old timestamp fails verification even with a valid signature", async () => {
    const hook = await createEndpoint(caller, hookUrl("ok").url);
    const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });
    const old = Math.floor(Date.now() / 1000) - 600;
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(old), "webhook-signature": await signatureHeader([hook.secret], "msg_1", old, body) };
    expect(() => new Webhook(hook.secret).verify(body, headers)).toThrow(/too old/i);
    const fresh = Math.floor(Date.now() / 1000);
    const good = { ...headers, "webhook-timestamp": String(fresh), "webhook-signature": await signatureHeader([hook.secret], "msg_1", fresh, body) };
    expect(new Webhook(hook.secret).verify(body, good)).toMatchObject({ type: "webhook.test" });
  });

  it("after rotate-secret a delivery carries two signatures: the old and the new secret both verify", async () => {
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(caller, url);
    const rotated = await call(`/api/v1/webhooks/${hook.id}/rotate-secret`, { key: caller.key, method: "POST" });
    const test = await call(`/api/v1/webhooks/${hook.id}/test`, { key: caller.key, method: "POST" });
    expect(test.status, test.text).toBe(202);
    const [delivery] = await waitForWebhooks(tag, 1);
    expect(delivery!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(hook.secret).verify(delivery!.body, delivery!.headers)).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(rotated.json.data.secret).verify(delivery!.body, delivery!.headers)).toMatchObject({ type: "webhook.test" });
    expect(delivery!.headers["webhook-id"]).toBe(test.json.data.id);
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

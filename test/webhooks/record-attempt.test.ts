import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliverMessage, deliveryRow as delivery, hookUrl, pendingDelivery, recordingQueue, webhookRow as webhook } from "../helpers/webhooks";

const QUEUE = "pagegrade-webhooks";


describe("what an attempt leaves its endpoint, through the webhook queue's consumer", () => {
  // A new account per test: each makes endpoints, and an account may have only MAX_WEBHOOKS.
  let caller: Caller;
  beforeEach(async () => {
    caller = await createCaller("record-attempt");
  });

  it("410 Gone disables the endpoint at once and fails the delivery", async () => {
    const { url } = hookUrl("gone");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    const { queue, sent } = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 }, { WEBHOOK_QUEUE: queue });
    expect(sent).toEqual([]);
    expect(await delivery(deliveryId)).toMatchObject({ status: "failed", last_status_code: 410 });
    expect(await webhook(hook.id)).toMatchObject({ enabled: 0, disabled_reason: "The endpoint answered 410 Gone." });
    const shown = await call(`/api/v1/webhooks/${hook.id}`, { key: caller.key });
    expect(shown.json.data).toMatchObject({ enabled: false, disabled_reason: "The endpoint answered 410 Gone." });
    const test = await call(`/api/v1/webhooks/${hook.id}/test`, { key: caller.key, method: "POST" });
    expect(test.status).toBe(409);
  });

  it("an endpoint whose deliveries all failed for 5 days (at least 5) is disabled; a success resets the run", async () => {
    const { url } = hookUrl("fail");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE webhooks SET failing_since = ? WHERE id = ?").bind(sixDaysAgo, hook.id).run();
    for (let i = 0; i < 4; i++) {
      await env.DB.prepare(
        `INSERT INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload, status, attempts, updated_at) VALUES (?, ?, ?, 'report.completed', '{}', 'failed', 8, ?)`,
      ).bind(`msg_${i}${hook.id}`, hook.id, `k${i}`, new Date(Date.now() - i * 86_400_000).toISOString()).run();
    }
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 }, { WEBHOOK_QUEUE: recordingQueue().queue });
    expect(await webhook(hook.id)).toMatchObject({ enabled: 0, disabled_reason: "Every delivery failed for 5 days." });
    // Enabling it again starts afresh.
    const res = await call(`/api/v1/webhooks/${hook.id}`, { key: caller.key, method: "PATCH", json: { enabled: true } });
    expect(res.json.data).toMatchObject({ enabled: true, disabled_reason: null });
    expect((await webhook(hook.id))!.failing_since).toBeNull();
  });

  it("a failing endpoint younger than 5 days stays enabled", async () => {
    const { url } = hookUrl("fail");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    await env.DB.prepare("UPDATE webhooks SET failing_since = ? WHERE id = ?").bind(new Date(Date.now() - 4 * 86_400_000).toISOString(), hook.id).run();
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 }, { WEBHOOK_QUEUE: recordingQueue().queue });
    expect((await webhook(hook.id))!.enabled).toBe(1);
  });
});

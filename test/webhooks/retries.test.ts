import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { RETRY_SCHEDULE_SECONDS } from "../../src/webhooks/retry-schedule";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliverMessage, deliveryRows, hookUrl, received, recordingQueue } from "../helpers/webhooks";

const QUEUE = "pagegrade-webhooks";

/** A pending delivery of a test event, inserted directly: no queued first attempt races the ones the test makes. */
async function pendingDelivery(caller: Caller, url: string) {
  const hook = await createEndpoint(caller, url);
  const row = await env.DB.prepare(
    `INSERT INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload, next_attempt_at)
     VALUES (?, ?, ?, 'webhook.test', ?, ?) RETURNING id`,
  )
    .bind(`msg_${crypto.randomUUID().replace(/-/g, "")}`, hook.id, crypto.randomUUID(), JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} }), new Date().toISOString())
    .first<{ id: number }>();
  return { hook, deliveryId: row!.id };
}

const delivery = (id: number) => env.DB.prepare("SELECT * FROM webhook_deliveries WHERE id = ?").bind(id).first<Record<string, any>>();
const webhook = (id: number) => env.DB.prepare("SELECT * FROM webhooks WHERE id = ?").bind(id).first<Record<string, any>>();

describe("webhook retries, through the webhook queue's consumer", () => {
  // A new account per test: each makes endpoints, and an account may have only MAX_WEBHOOKS.
  let caller: Caller;
  beforeEach(async () => {
    caller = await createCaller("retries");
  });

  it("retries a failing endpoint on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h (±20%), then fails the delivery", async () => {
    const { tag, url } = hookUrl("fail");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    for (let attempt = 0; attempt < RETRY_SCHEDULE_SECONDS.length; attempt++) {
      const { queue, sent } = recordingQueue();
      const result = await deliverMessage(QUEUE, { deliveryId, attempt }, { WEBHOOK_QUEUE: queue });
      expect(result.explicitAcks).toHaveLength(1);
      expect(sent).toHaveLength(1);
      const step = RETRY_SCHEDULE_SECONDS[attempt]!;
      const delay = sent[0]!.body.notBefore ? (sent[0]!.body.notBefore - Date.now()) / 1000 : sent[0]!.options!.delaySeconds!;
      expect(delay, `attempt ${attempt + 1}`).toBeGreaterThanOrEqual(step * 0.8 - 2);
      expect(delay, `attempt ${attempt + 1}`).toBeLessThanOrEqual(step * 1.2 + 1);
      expect(sent[0]!.options!.delaySeconds).toBeLessThanOrEqual(86_400);
      expect(sent[0]!.body).toMatchObject({ deliveryId, attempt: attempt + 1 });
      const row = await delivery(deliveryId);
      expect(row).toMatchObject({ status: "pending", attempts: attempt + 1, last_status_code: 500, last_error: "The endpoint answered 500." });
      expect(Date.parse(row!.next_attempt_at) - Date.now()).toBeGreaterThan(step * 0.8 * 1000 - 2000);
    }
    const { queue, sent } = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: RETRY_SCHEDULE_SECONDS.length }, { WEBHOOK_QUEUE: queue });
    expect(sent).toEqual([]);
    expect(await delivery(deliveryId)).toMatchObject({ status: "failed", attempts: 8, next_attempt_at: null });
    expect(await received(tag)).toHaveLength(8);
    // Every attempt carried the same webhook-id, each with its own timestamp.
    expect(new Set((await received(tag)).map((d) => d.headers["webhook-id"])).size).toBe(1);
    expect((await webhook(hook.id))!.enabled).toBe(1);
  });

  it("a delay past one queue delay (86,400 s) travels in hops: the early message is sent on, not delivered", async () => {
    const { tag, url } = hookUrl("ok");
    const { deliveryId } = await pendingDelivery(caller, url);
    const notBefore = Date.now() + 100_000 * 1000;
    const { queue, sent } = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: 0, notBefore }, { WEBHOOK_QUEUE: queue });
    expect(sent).toEqual([{ body: { deliveryId, attempt: 0, notBefore }, options: { contentType: "json", delaySeconds: 86_400 } }]);
    expect(await received(tag)).toEqual([]);
    expect((await delivery(deliveryId))!.attempts).toBe(0);
  });

  it("a duplicate message for an attempt already made does nothing", async () => {
    const { tag, url } = hookUrl("ok");
    const { deliveryId } = await pendingDelivery(caller, url);
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 });
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 });
    expect(await received(tag)).toHaveLength(1);
    expect(await delivery(deliveryId)).toMatchObject({ status: "succeeded", attempts: 1, last_status_code: 200 });
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

  it("a pending delivery of an endpoint disabled since is failed without being sent", async () => {
    const { tag, url } = hookUrl("ok");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    await call(`/api/v1/webhooks/${hook.id}`, { key: caller.key, method: "PATCH", json: { enabled: false } });
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 });
    expect(await delivery(deliveryId)).toMatchObject({ status: "failed", last_error: "The endpoint is disabled." });
    expect(await received(tag)).toEqual([]);
  });

  it("429 with Retry-After is honoured, clamped between the schedule's step and twice it", async () => {
    const { url } = hookUrl("busy", "?after=120");
    const { deliveryId } = await pendingDelivery(caller, url);
    const first = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 }, { WEBHOOK_QUEUE: first.queue });
    expect(first.sent[0]!.options!.delaySeconds).toBe(10); // 120 asked, at most 2 x 5 s
    const second = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: 1 }, { WEBHOOK_QUEUE: second.queue });
    expect(second.sent[0]!.options!.delaySeconds).toBe(300); // 120 asked, at least the 5 min step
    expect(await delivery(deliveryId)).toMatchObject({ status: "pending", last_status_code: 429 });
  });

  it("a redirect is not followed and counts as a failure", async () => {
    const { tag, url } = hookUrl("redirect");
    const { deliveryId } = await pendingDelivery(caller, url);
    const { queue, sent } = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 }, { WEBHOOK_QUEUE: queue });
    expect(sent).toHaveLength(1);
    const row = await delivery(deliveryId);
    expect(row).toMatchObject({ status: "pending", last_status_code: 302 });
    expect(row!.last_error).toContain("redirects are not followed");
    expect(await received(`${tag}-redirected`)).toEqual([]);
  });

  it("an endpoint that never answers fails the attempt at the deadline", async () => {
    const { url } = hookUrl("hang");
    const { deliveryId } = await pendingDelivery(caller, url);
    const { queue, sent } = recordingQueue();
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 }, { WEBHOOK_QUEUE: queue });
    expect(sent).toHaveLength(1);
    expect(await delivery(deliveryId)).toMatchObject({ status: "pending", last_status_code: null, last_error: "No answer within 1.5 s." });
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

  it("POST .../deliveries/{id}/retry delivers a failed delivery again now (202)", async () => {
    const { tag, url } = hookUrl("ok");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'failed', attempts = 8 WHERE id = ?").bind(deliveryId).run();
    const messageId = (await delivery(deliveryId))!.message_id;
    const res = await call(`/api/v1/webhooks/${hook.id}/deliveries/${messageId}/retry`, { key: caller.key, method: "POST" });
    expect(res.status, res.text).toBe(202);
    expect(res.json.data).toMatchObject({ id: messageId, status: "pending", attempts: 8 });
    const deadline = Date.now() + 10_000;
    while ((await delivery(deliveryId))!.status === "pending" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await delivery(deliveryId)).toMatchObject({ status: "succeeded", attempts: 9 });
    expect(await received(tag)).toHaveLength(1);
    const unknown = await call(`/api/v1/webhooks/${hook.id}/deliveries/msg_${"0".repeat(32)}/retry`, { key: caller.key, method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await deliveryRows(hook.id)).toHaveLength(1);
  });
});

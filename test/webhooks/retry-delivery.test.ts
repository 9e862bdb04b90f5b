import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliveryRows, hookUrl, received } from "../helpers/webhooks";

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

describe("POST /api/v1/webhooks/{id}/deliveries/{delivery}/retry", () => {
  // A new account per test: each makes endpoints, and an account may have only MAX_WEBHOOKS.
  let caller: Caller;
  beforeEach(async () => {
    caller = await createCaller("retry-delivery");
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

import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliveryRow as delivery, deliveryRows, hookUrl, pendingDelivery, received } from "../helpers/webhooks";


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

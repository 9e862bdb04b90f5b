import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliverMessage, deliveryRow as delivery, hookUrl, pendingDelivery, received, recordingQueue, webhookRow as webhook } from "../helpers/webhooks";

const QUEUE = "pagegrade-webhooks";


describe("the webhook queue's consumer", () => {
  // A new account per test: each makes endpoints, and an account may have only MAX_WEBHOOKS.
  let caller: Caller;
  beforeEach(async () => {
    caller = await createCaller("deliver");
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

  it("a pending delivery of an endpoint disabled since is failed without being sent", async () => {
    const { tag, url } = hookUrl("ok");
    const { hook, deliveryId } = await pendingDelivery(caller, url);
    await call(`/api/v1/webhooks/${hook.id}`, { key: caller.key, method: "PATCH", json: { enabled: false } });
    await deliverMessage(QUEUE, { deliveryId, attempt: 0 });
    expect(await delivery(deliveryId)).toMatchObject({ status: "failed", last_error: "The endpoint is disabled." });
    expect(await received(tag)).toEqual([]);
  });
});

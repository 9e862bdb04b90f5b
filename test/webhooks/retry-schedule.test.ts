import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { RETRY_SCHEDULE_SECONDS } from "../../src/webhooks/retry-schedule";
import { createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliverMessage, deliveryRow as delivery, hookUrl, pendingDelivery, received, recordingQueue, webhookRow as webhook } from "../helpers/webhooks";

const QUEUE = "pagegrade-webhooks";


describe("webhook retries on the schedule, through the webhook queue's consumer", () => {
  // A new account per test: each makes endpoints, and an account may have only MAX_WEBHOOKS.
  let caller: Caller;
  beforeEach(async () => {
    caller = await createCaller("retry-schedule");
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
});

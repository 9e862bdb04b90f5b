import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createCaller, type Caller } from "../helpers/api";
import { createEndpoint, deliverMessage, deliveryRow as delivery, hookUrl, pendingDelivery, received, recordingQueue, webhookRow as webhook } from "../helpers/webhooks";

const QUEUE = "pagegrade-webhooks";


describe("one attempt's POST, through the webhook queue's consumer", () => {
  // A new account per test: each makes endpoints, and an account may have only MAX_WEBHOOKS.
  let caller: Caller;
  beforeEach(async () => {
    caller = await createCaller("send");
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
});

import { describe, expect, it } from "vitest";
import { deliveryMessage, MAX_QUEUE_DELAY_SECONDS } from "../../src/webhooks/enqueue-deliveries";

describe("the queue message of one delivery attempt", () => {
  const job = { deliveryId: 4, attempt: 2 };

  it("carries the attempt with its delay, rounded up to whole seconds", () => {
    expect(deliveryMessage(job, 299.2)).toEqual({ body: job, contentType: "json", delaySeconds: 300 });
    expect(deliveryMessage(job, -3)).toEqual({ body: job, contentType: "json", delaySeconds: 0 });
  });

  it("travels in hops past one queue delay: the longest delay, and the time it must not run before", () => {
    const now = 1_700_000_000_000;
    const message = deliveryMessage(job, 2 * 86_400, now);
    expect(message.delaySeconds).toBe(MAX_QUEUE_DELAY_SECONDS);
    expect(message.body).toEqual({ ...job, notBefore: now + 2 * 86_400 * 1000 });
    expect(deliveryMessage(job, MAX_QUEUE_DELAY_SECONDS, now).body).toEqual(job);
  });
});

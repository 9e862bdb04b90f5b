import { describe, expect, it } from "vitest";
import { deliveryJobSchema } from "../../src/webhooks/job";

describe("the webhook queue's message", () => {
  it("is one attempt of one delivery, with the time it waits for when it hops", () => {
    expect(deliveryJobSchema.parse({ deliveryId: 1, attempt: 0 })).toEqual({ deliveryId: 1, attempt: 0 });
    expect(deliveryJobSchema.parse({ deliveryId: 1, attempt: 3, notBefore: 1_700_000_000_000 })).toMatchObject({ notBefore: 1_700_000_000_000 });
  });

  it("refuses anything else", () => {
    for (const body of [{ deliveryId: 0, attempt: 0 }, { deliveryId: 1, attempt: -1 }, { deliveryId: 1 }, { deliveryId: "1", attempt: 0 }, { deliveryId: 1, attempt: 0, notBefore: 0 }, null]) {
      expect(deliveryJobSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

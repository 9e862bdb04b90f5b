import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("GET /api/v1/webhooks/{id}/deliveries", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("list-deliveries-alice");
    bob = await createCaller("list-deliveries-bob");
  });

  it("lists deliveries filtered by status, and 422 for an unknown status", async () => {
    const hook = await createEndpoint(alice, hookUrl("ok").url);
    const test = await call(`/api/v1/webhooks/${hook.id}/test`, { key: alice.key, method: "POST" });
    expect(test.status, test.text).toBe(202);
    expect(test.json.data).toMatchObject({ type: "webhook.test", status: "pending", attempts: 0 });
    expect(test.json.data.id).toMatch(/^msg_[0-9a-f]{32}$/);
    const pending = await call(`/api/v1/webhooks/${hook.id}/deliveries?status=pending`, { key: alice.key });
    expect(pending.status).toBe(200);
    const bad = await call(`/api/v1/webhooks/${hook.id}/deliveries?status=done`, { key: alice.key });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("The status field must be one of pending, succeeded, failed.");
  });
});

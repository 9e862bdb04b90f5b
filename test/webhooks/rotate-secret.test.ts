import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("POST /api/v1/webhooks/{id}/rotate-secret", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("rotate-secret-alice");
    bob = await createCaller("rotate-secret-bob");
  });

  it("rotate-secret returns a new secret and keeps the old one for 24 hours", async () => {
    const hook = await createEndpoint(alice, hookUrl("ok").url);
    const res = await call(`/api/v1/webhooks/${hook.id}/rotate-secret`, { key: alice.key, method: "POST" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.secret).toMatch(/^whsec_/);
    expect(res.json.data.secret).not.toBe(hook.secret);
    const expires = Date.parse(res.json.data.previous_secret_expires_at);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("DELETE /api/v1/webhooks/{id}", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("delete-webhook-alice");
    bob = await createCaller("delete-webhook-bob");
  });

  it("DELETE removes the endpoint and its deliveries", async () => {
    const hook = await createEndpoint(alice, hookUrl("ok").url);
    await call(`/api/v1/webhooks/${hook.id}/test`, { key: alice.key, method: "POST" });
    const res = await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key, method: "DELETE" });
    expect(res.json).toEqual({ id: hook.id, object: "webhook", deleted: true, status: 200 });
    expect((await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key })).status).toBe(404);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ?").bind(hook.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

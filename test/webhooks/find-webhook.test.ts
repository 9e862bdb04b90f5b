import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("a webhook endpoint is found only in its own account", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("find-webhook-alice");
    bob = await createCaller("find-webhook-bob");
  });

  it("another account's endpoint, its deliveries and its actions are 404", async () => {
    const hook = await createEndpoint(alice, hookUrl("ok").url);
    const test = await call(`/api/v1/webhooks/${hook.id}/test`, { key: alice.key, method: "POST" });
    const delivery = test.json.data.id;
    const attempts: [string, string][] = [
      ["GET", `/api/v1/webhooks/${hook.id}`],
      ["PATCH", `/api/v1/webhooks/${hook.id}`],
      ["DELETE", `/api/v1/webhooks/${hook.id}`],
      ["POST", `/api/v1/webhooks/${hook.id}/rotate-secret`],
      ["POST", `/api/v1/webhooks/${hook.id}/test`],
      ["GET", `/api/v1/webhooks/${hook.id}/deliveries`],
      ["POST", `/api/v1/webhooks/${hook.id}/deliveries/${delivery}/retry`],
    ];
    for (const [method, path] of attempts) {
      const res = await call(path, { key: bob.key, method, ...(method === "PATCH" && { json: { enabled: false } }) });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
    }
    expect((await call("/api/v1/webhooks", { key: bob.key })).json.data.map((w: any) => w.id)).not.toContain(hook.id);
    expect((await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key })).json.data.enabled).toBe(true);
  });
});

import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { signatureHeader } from "../../src/webhooks/sign";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";

describe("signatures, verified by the standardwebhooks package", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("signatures");
  });

  it("an old timestamp fails verification even with a valid signature", async () => {
    const hook = await createEndpoint(caller, hookUrl("ok").url);
    const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });
    const old = Math.floor(Date.now() / 1000) - 600;
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(old), "webhook-signature": await signatureHeader([hook.secret], "msg_1", old, body) };
    expect(() => new Webhook(hook.secret).verify(body, headers)).toThrow(/too old/i);
    const fresh = Math.floor(Date.now() / 1000);
    const good = { ...headers, "webhook-timestamp": String(fresh), "webhook-signature": await signatureHeader([hook.secret], "msg_1", fresh, body) };
    expect(new Webhook(hook.secret).verify(body, good)).toMatchObject({ type: "webhook.test" });
  });

  it("after rotate-secret a delivery carries two signatures: the old and the new secret both verify", async () => {
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(caller, url);
    const rotated = await call(`/api/v1/webhooks/${hook.id}/rotate-secret`, { key: caller.key, method: "POST" });
    const test = await call(`/api/v1/webhooks/${hook.id}/test`, { key: caller.key, method: "POST" });
    expect(test.status, test.text).toBe(202);
    const [delivery] = await waitForWebhooks(tag, 1);
    expect(delivery!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(hook.secret).verify(delivery!.body, delivery!.headers)).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(rotated.json.data.secret).verify(delivery!.body, delivery!.headers)).toMatchObject({ type: "webhook.test" });
    expect(delivery!.headers["webhook-id"]).toBe(test.json.data.id);
  });
});

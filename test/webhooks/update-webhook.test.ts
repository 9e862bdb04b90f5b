import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("PATCH /api/v1/webhooks/{id}", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("update-webhook-alice");
    bob = await createCaller("update-webhook-bob");
  });

  it("PATCH changes events, description and enabled; GET lists in the list shape", async () => {
    const hook = await createEndpoint(alice, hookUrl("ok").url);
    const res = await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key, method: "PATCH", json: { events: ["report.score_dropped"], enabled: false, description: "off" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ events: ["report.score_dropped"], enabled: false, description: "off" });
    const bad = await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key, method: "PATCH", json: { enabled: "maybe" } });
    expect(bad.status).toBe(422);
    const list = await call("/api/v1/webhooks?per_page=10", { key: alice.key });
    expect(list.status).toBe(200);
    expect(list.json.meta).toMatchObject({ current_page: 1, per_page: 10 });
    expect(list.json.data.map((w: any) => w.id)).toContain(hook.id);
    expect(list.text).not.toContain("whsec_");
  });
});

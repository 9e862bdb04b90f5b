import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, createCaller, postWith as callWith, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("POST /api/v1/webhooks", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("create-webhook-alice");
    bob = await createCaller("create-webhook-bob");
  });

  it("POST /api/v1/webhooks creates an endpoint and shows a whsec_ secret once, stored encrypted", async () => {
    const { url } = hookUrl("ok");
    const res = await call("/api/v1/webhooks", { key: alice.key, json: { url, events: ["report.completed", "report.failed"], description: "CI" } });
    expect(res.status, res.text).toBe(201);
    const data = res.json.data;
    expect(data).toMatchObject({ url, events: ["report.completed", "report.failed"], description: "CI", enabled: true, disabled_reason: null });
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(atob(data.secret.slice(6))).toHaveLength(32);
    expect(res.headers.get("location")).toBe(`${BASE}/api/v1/webhooks/${data.id}`);
    const row = await env.DB.prepare("SELECT secret FROM webhooks WHERE id = ?").bind(data.id).first<{ secret: string }>();
    expect(row!.secret).not.toContain(data.secret.slice(6, 20));
    const shown = await call(`/api/v1/webhooks/${data.id}`, { key: alice.key });
    expect(shown.status).toBe(200);
    expect(shown.json.data).not.toHaveProperty("secret");
    expect(shown.text).not.toContain(data.secret);
  });

  it("accepts form bodies with events as a comma list, and `*`", async () => {
    const res = await call("/api/v1/webhooks", { key: alice.key, form: { url: hookUrl("ok").url, events: "report.completed, *" } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.events).toEqual(["report.completed", "*"]);
  });

  it("rejects unknown events, no events and a bad url with 422 naming the allowed values", async () => {
    const unknown = await call("/api/v1/webhooks", { key: alice.key, json: { url: hookUrl("ok").url, events: ["report.done"] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.message).toContain("report.completed, report.failed, report.score_dropped, report.changed, crawl.completed, project.changed, *");
    expect(unknown.json.errors).toHaveProperty("events");
    const none = await call("/api/v1/webhooks", { key: alice.key, json: { url: hookUrl("ok").url, events: [] } });
    expect(none.status).toBe(422);
    const badUrl = await call("/api/v1/webhooks", { key: alice.key, json: { url: "ftp://example.com/hook", events: ["*"] } });
    expect(badUrl.status).toBe(422);
    expect(badUrl.json.errors).toHaveProperty("url");
  });

  it("refuses a private or plain-http target with 422 when private targets are off", async () => {
    for (const url of ["https://127.0.0.1/hook", "https://10.0.0.8/hook", "https://[::ffff:169.254.169.254]/x", "https://localhost/hook", "http://example.com/hook"]) {
      const res = await callWith({ ALLOW_PRIVATE_TARGETS: "false" }, "/api/v1/webhooks", alice.key, { url, events: ["*"] });
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(422);
      expect(res.json.errors.url).toHaveLength(1);
    }
    const ok = await callWith({ ALLOW_PRIVATE_TARGETS: "false" }, "/api/v1/webhooks", alice.key, { url: "https://hooks.example.com/in", events: ["*"] });
    expect(ok.status).toBe(201);
  });

  it("answers 503 with a plain message when WEBHOOK_ENCRYPTION_KEY is not configured", async () => {
    const res = await callWith({ WEBHOOK_ENCRYPTION_KEY: undefined }, "/api/v1/webhooks", alice.key, { url: hookUrl("ok").url, events: ["*"] });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: expect.stringContaining("WEBHOOK_ENCRYPTION_KEY"), status: 503 });
  });

  it("allows at most MAX_WEBHOOKS endpoints per account (409 past it)", async () => {
    const carol = await createCaller("carol");
    for (let i = 0; i < 10; i++) await createEndpoint(carol, hookUrl("ok").url);
    const res = await call("/api/v1/webhooks", { key: carol.key, json: { url: hookUrl("ok").url, events: ["*"] } });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("at most 10");
  });
});

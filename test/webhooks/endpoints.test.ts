import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, createCaller, postWith as callWith, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

describe("webhook endpoints API", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("alice");
    bob = await createCaller("bob");
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
    expect(unknown.json.message).toContain("report.completed, report.failed, report.score_dropped, crawl.completed, *");
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

  it("DELETE removes the endpoint and its deliveries", async () => {
    const hook = await createEndpoint(alice, hookUrl("ok").url);
    await call(`/api/v1/webhooks/${hook.id}/test`, { key: alice.key, method: "POST" });
    const res = await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key, method: "DELETE" });
    expect(res.json).toEqual({ id: hook.id, object: "webhook", deleted: true, status: 200 });
    expect((await call(`/api/v1/webhooks/${hook.id}`, { key: alice.key })).status).toBe(404);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ?").bind(hook.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
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

  it("allows at most MAX_WEBHOOKS endpoints per account (409 past it)", async () => {
    const carol = await createCaller("carol");
    for (let i = 0; i < 10; i++) await createEndpoint(carol, hookUrl("ok").url);
    const res = await call("/api/v1/webhooks", { key: carol.key, json: { url: hookUrl("ok").url, events: ["*"] } });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("at most 10");
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

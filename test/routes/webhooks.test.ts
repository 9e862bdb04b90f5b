import { beforeAll, describe, expect, it } from "vitest";
import { deliveryFieldsResource, deliveryResource, webhookFieldsResource, webhookResource, webhookWithSecret } from "../../src/webhooks/schemas";
import { call, createCaller, type Caller } from "../helpers/api";
import { expectDocumented, servedDocument, type OpenApiDoc } from "../helpers/documented";
import { hookUrl, waitForWebhooks } from "../helpers/webhooks";

describe("the webhooks routes answer as their operations are documented", () => {
  let caller: Caller;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    caller = await createCaller("routes-webhooks");
    doc = await servedDocument();
  });

  it("create, list, show, update, rotate, test, deliveries, retry and delete, and their errors", async () => {
    const { tag, url } = hookUrl("ok");
    const key = caller.key;
    const created = await call("/api/v1/webhooks", { key, json: { url, events: ["report.completed"], description: "routes" } });
    expect(created.status, created.text).toBe(201);
    expectDocumented(doc, "/api/v1/webhooks", "post", created, webhookWithSecret);
    const id = created.json.data.id;
    expectDocumented(doc, "/api/v1/webhooks", "post", await call("/api/v1/webhooks", { key, json: { url, events: ["nope"] } }));
    expectDocumented(doc, "/api/v1/webhooks", "get", await call("/api/v1/webhooks", { key }), webhookResource);
    expectDocumented(doc, "/api/v1/webhooks", "get", await call("/api/v1/webhooks?fields=url", { key }), webhookFieldsResource);
    expectDocumented(doc, "/api/v1/webhooks/{id}", "get", await call(`/api/v1/webhooks/${id}`, { key }), webhookResource);
    expectDocumented(doc, "/api/v1/webhooks/{id}", "get", await call("/api/v1/webhooks/999999", { key }));
    const patched = await call(`/api/v1/webhooks/${id}`, { key, method: "PATCH", json: { description: "changed" } });
    expectDocumented(doc, "/api/v1/webhooks/{id}", "patch", patched, webhookResource);
    expect(patched.json.data.description).toBe("changed");
    expectDocumented(doc, "/api/v1/webhooks/{id}", "patch", await call(`/api/v1/webhooks/${id}`, { key, method: "PATCH", json: { enabled: "maybe" } }));
    expectDocumented(doc, "/api/v1/webhooks/{id}/rotate-secret", "post", await call(`/api/v1/webhooks/${id}/rotate-secret`, { key, method: "POST" }), webhookWithSecret);
    const test = await call(`/api/v1/webhooks/${id}/test`, { key, method: "POST" });
    expectDocumented(doc, "/api/v1/webhooks/{id}/test", "post", test, deliveryResource);
    await waitForWebhooks(tag, 1);
    expectDocumented(doc, "/api/v1/webhooks/{id}/deliveries", "get", await call(`/api/v1/webhooks/${id}/deliveries`, { key }), deliveryResource);
    expectDocumented(doc, "/api/v1/webhooks/{id}/deliveries", "get", await call(`/api/v1/webhooks/${id}/deliveries?fields=status`, { key }), deliveryFieldsResource);
    expectDocumented(doc, "/api/v1/webhooks/{id}/deliveries", "get", await call(`/api/v1/webhooks/${id}/deliveries?status=nope`, { key }));
    expectDocumented(doc, "/api/v1/webhooks/{id}/deliveries/{delivery}/retry", "post", await call(`/api/v1/webhooks/${id}/deliveries/msg_${"0".repeat(32)}/retry`, { key, method: "POST" }));
    expectDocumented(doc, "/api/v1/webhooks/{id}", "delete", await call(`/api/v1/webhooks/${id}`, { key, method: "DELETE" }));
    expectDocumented(doc, "/api/v1/webhooks/{id}", "delete", await call(`/api/v1/webhooks/${id}`, { key, method: "DELETE" }));
  });
});

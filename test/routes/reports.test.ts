import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { reportFieldsResource, reportResource } from "../../src/reports/schemas";
import { call, createCaller, type Caller } from "../helpers/api";
import { expectDocumented, servedDocument, type OpenApiDoc } from "../helpers/documented";
import { waitForReport } from "../helpers/wait-report";

describe("the reports routes answer as their operations are documented", () => {
  let caller: Caller;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    caller = await createCaller("routes-reports");
    doc = await servedDocument();
  });
  afterEach(() => vi.restoreAllMocks());

  it("reports: store, show (queued and completed), list, update, patch, delete, and their errors", async () => {
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const stored = await call("/api/v1/reports", { key: caller.key, form: { url: page } });
    expectDocumented(doc, "/api/v1/reports", "post", stored, reportResource);
    const id = stored.json.data.id;
    const completed = await waitForReport(caller.key, id);
    expect(completed.status).toBe("completed");
    expectDocumented(doc, "/api/v1/reports/{id}", "get", await call(`/api/v1/reports/${id}`, { key: caller.key }), reportResource);
    expectDocumented(doc, "/api/v1/reports/{id}", "get", await call(`/api/v1/reports/${id}?fields=score`, { key: caller.key }), reportFieldsResource);
    expectDocumented(doc, "/api/v1/reports", "get", await call("/api/v1/reports?per_page=100", { key: caller.key }), reportResource);
    expectDocumented(doc, "/api/v1/reports", "get", await call("/api/v1/reports?fields=url,results", { key: caller.key }), reportFieldsResource);
    for (const method of ["put", "patch"]) {
      const path = `/api/v1/reports/${id}`;
      expectDocumented(doc, "/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, form: { privacy: 1 } }), reportResource);
      expectDocumented(doc, "/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, form: { update: 1 } }), reportResource);
      expectDocumented(doc, "/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, form: { privacy: 7 } }));
      expectDocumented(doc, "/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, body: "x", headers: { "Content-Type": "text/plain" } }));
      expectDocumented(doc, "/api/v1/reports/{id}", method, await call("/api/v1/reports/999999", { method: method.toUpperCase(), key: caller.key, form: { privacy: 1 } }));
    }
    expectDocumented(doc, "/api/v1/reports", "get", await call("/api/v1/reports?per_page=7", { key: caller.key }));
    expectDocumented(doc, "/api/v1/reports", "get", await call("/api/v1/reports", { key: null }));
    expectDocumented(doc, "/api/v1/reports", "get", await call("/api/v1/reports", { key: caller.key, headers: { "x-d1-bookmark": "nope" } }));
    expectDocumented(doc, "/api/v1/reports/{id}", "get", await call("/api/v1/reports/999999", { key: caller.key }));
    expectDocumented(doc, "/api/v1/reports/{id}", "get", await call(`/api/v1/reports/${id}?fields=nope`, { key: caller.key }));
    expectDocumented(doc, "/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, body: "{nope", headers: { "Content-Type": "application/json" } }));
    expectDocumented(doc, "/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, form: { url: `https://example.com/?q=${"a".repeat(70 * 1024)}` } }));
    vi.spyOn(env.ANALYSIS_QUEUE, "send").mockRejectedValueOnce(new Error("queue down"));
    expectDocumented(doc, "/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, form: { url: "https://example.com/queue-down" } }));
    expectDocumented(doc, "/api/v1/reports/{id}", "delete", await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key }));
    expectDocumented(doc, "/api/v1/reports/{id}", "delete", await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key }));
  });
});

import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { createApi } from "../../src/app";
import { listProjectsQuery, projectFieldsResource } from "../../src/projects/schemas";
import { listReportsQuery, reportFieldsResource, reportResource, storeReportBody, updateReportBody } from "../../src/reports/schemas";
import { call, createCaller, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";

type Doc = { paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>> } & Record<string, any>;

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe("GET /api/v1/openapi.json", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await call("/api/v1/openapi.json")).json;
  });

  it("is an OpenAPI 3.1 document served without a key, with a license", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
  });

  it("documents every route the app serves, and every parameter the schemas validate", async () => {
    const served = createApi()
      .routes.filter((r) => r.method !== "ALL" && !["/api/v1/openapi.json", "/api/v1/docs", "/api/v1/docs/scalar.js"].includes(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}").replace(/\/$/, "")}`);
    const documented = operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(new Set(documented)).toEqual(new Set(served));

    const params = (path: string, method: string, where = "query") =>
      doc.paths[path]![method]!.parameters!.filter((p) => p.in === where).map((p) => p.name).sort();
    expect(params("/api/v1/reports", "get")).toEqual(Object.keys(listReportsQuery.shape).sort());
    expect(params("/api/v1/projects", "get")).toEqual(Object.keys(listProjectsQuery.shape).sort());
    expect(params("/api/v1/reports/{id}", "get")).toEqual(["fields"]);
    const body = (path: string, method: string) =>
      Object.keys((doc.paths[path]![method] as any).requestBody.content["application/x-www-form-urlencoded"].schema.properties).sort();
    expect(body("/api/v1/reports", "post")).toEqual(Object.keys(storeReportBody.shape).sort());
    expect(body("/api/v1/reports/{id}", "put")).toEqual(Object.keys(updateReportBody.shape).sort());
    expect(body("/api/v1/reports/{id}", "patch")).toEqual(Object.keys(updateReportBody.shape).sort());

    const perPage = doc.paths["/api/v1/reports"]!.get!.parameters!.find((p) => p.name === "per_page") as any;
    expect(perPage.schema.enum).toEqual(["10", "25", "50", "100"]);
  });

  it("gives every operation a unique verbNoun operationId, the bookmark header, and 400, 401 and 429 answers", () => {
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(["deleteProject", "deleteReport", "listProjects", "listReports", "patchReport", "showReport", "storeReport", "updateReport"]),
    );
    for (const { op } of operations(doc)) {
      expect(op.operationId, "verbNoun").toMatch(/^[a-z]+[A-Z][a-zA-Z]*$/);
      expect(op.parameters!.some((p) => p.name === "x-d1-bookmark" && p.in === "header")).toBe(true);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["400", "401", "429"]));
    }
  });
});

describe("every answer of the API is documented for its operation, in the documented shape", () => {
  let caller: Caller;
  let doc: Doc;
  beforeAll(async () => {
    caller = await createCaller("openapi");
    doc = (await call("/api/v1/openapi.json")).json;
  });
  afterEach(() => vi.restoreAllMocks());

  /** The status is listed for that operation; errors are in the error shape; data parses with the resource schema. */
  function expectDocumented(path: string, method: string, res: Awaited<ReturnType<typeof call>>, data?: z.ZodType) {
    const responses = doc.paths[path]![method]!.responses;
    expect(Object.keys(responses), `${method.toUpperCase()} ${path} answered ${res.status}: ${res.text}`).toContain(String(res.status));
    if (res.status >= 400) {
      expect(Object.keys(res.json).sort()).toEqual(res.status === 422 ? ["errors", "message", "status"] : ["message", "status"]);
      expect(res.json.status).toBe(res.status);
    } else if (data) {
      const items = Array.isArray(res.json.data) ? res.json.data : [res.json.data];
      for (const item of items) {
        const parsed = (data as z.ZodObject).strict().safeParse(item);
        expect(parsed.success, `${JSON.stringify(item)}: ${parsed.error?.message}`).toBe(true);
      }
    }
    // A request refused before any query (no key, a malformed bookmark) has no session state to return.
    if (res.status < 300 || res.status === 404 || res.status === 422) expect(res.headers.get("x-d1-bookmark")).toMatch(/^[0-9a-f-]{59}$/);
  }

  it("reports: store, show (queued and completed), list, update, patch, delete, and their errors", async () => {
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const stored = await call("/api/v1/reports", { key: caller.key, form: { url: page } });
    expectDocumented("/api/v1/reports", "post", stored, reportResource);
    const id = stored.json.data.id;
    const completed = await waitForReport(caller.key, id);
    expect(completed.status).toBe("completed");
    expectDocumented("/api/v1/reports/{id}", "get", await call(`/api/v1/reports/${id}`, { key: caller.key }), reportResource);
    expectDocumented("/api/v1/reports/{id}", "get", await call(`/api/v1/reports/${id}?fields=score`, { key: caller.key }), reportFieldsResource);
    expectDocumented("/api/v1/reports", "get", await call("/api/v1/reports?per_page=100", { key: caller.key }), reportResource);
    expectDocumented("/api/v1/reports", "get", await call("/api/v1/reports?fields=url,results", { key: caller.key }), reportFieldsResource);
    for (const method of ["put", "patch"]) {
      const path = `/api/v1/reports/${id}`;
      expectDocumented("/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, form: { privacy: 1 } }), reportResource);
      expectDocumented("/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, form: { update: 1 } }), reportResource);
      expectDocumented("/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, form: { privacy: 7 } }));
      expectDocumented("/api/v1/reports/{id}", method, await call(path, { method: method.toUpperCase(), key: caller.key, body: "x", headers: { "Content-Type": "text/plain" } }));
      expectDocumented("/api/v1/reports/{id}", method, await call("/api/v1/reports/999999", { method: method.toUpperCase(), key: caller.key, form: { privacy: 1 } }));
    }
    expectDocumented("/api/v1/reports", "get", await call("/api/v1/reports?per_page=7", { key: caller.key }));
    expectDocumented("/api/v1/reports", "get", await call("/api/v1/reports", { key: null }));
    expectDocumented("/api/v1/reports", "get", await call("/api/v1/reports", { key: caller.key, headers: { "x-d1-bookmark": "nope" } }));
    expectDocumented("/api/v1/reports/{id}", "get", await call("/api/v1/reports/999999", { key: caller.key }));
    expectDocumented("/api/v1/reports/{id}", "get", await call(`/api/v1/reports/${id}?fields=nope`, { key: caller.key }));
    expectDocumented("/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, body: "{nope", headers: { "Content-Type": "application/json" } }));
    expectDocumented("/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, form: { url: `https://example.com/?q=${"a".repeat(70 * 1024)}` } }));
    vi.spyOn(env.ANALYSIS_QUEUE, "send").mockRejectedValueOnce(new Error("queue down"));
    expectDocumented("/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, form: { url: "https://example.com/queue-down" } }));
    expectDocumented("/api/v1/reports/{id}", "delete", await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key }));
    expectDocumented("/api/v1/reports/{id}", "delete", await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key }));
  });

  it("projects: list (whole and with fields), delete, and their errors", async () => {
    await call("/api/v1/reports", { key: caller.key, form: { url: "https://projects-doc.example/" } });
    expectDocumented("/api/v1/projects", "get", await call("/api/v1/projects", { key: caller.key }), projectFieldsResource.required());
    expectDocumented("/api/v1/projects", "get", await call("/api/v1/projects?fields=score", { key: caller.key }), projectFieldsResource);
    expectDocumented("/api/v1/projects", "get", await call("/api/v1/projects?sort_by=nope", { key: caller.key }));
    const deleted = await call("/api/v1/projects/projects-doc.example", { method: "DELETE", key: caller.key });
    expectDocumented("/api/v1/projects/{project}", "delete", deleted);
    expect(deleted.json).toEqual({ id: "projects-doc.example", object: "project", deleted: true, status: 200 });
    expectDocumented("/api/v1/projects/{project}", "delete", await call("/api/v1/projects/projects-doc.example", { method: "DELETE", key: caller.key }));
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../src/app";
import { listProjectsQuery } from "../src/projects/schemas";
import { listReportsQuery, storeReportBody, updateReportBody } from "../src/reports/schemas";
import { call } from "./helpers/api";
import type { OpenApiDoc as Doc } from "./helpers/documented";

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

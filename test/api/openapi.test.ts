import { describe, expect, it } from "vitest";
import { createApi } from "../../src/app";
import { listProjectsQuery } from "../../src/projects/schemas";
import { listReportsQuery, storeReportBody, updateReportBody } from "../../src/reports/schemas";
import { call } from "../helpers/api";

describe("GET /api/v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document served without a key", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
  });

  it("documents every route the app serves, and every parameter the schemas validate", async () => {
    const doc = (await call("/api/v1/openapi.json")).json;
    const served = createApi()
      .routes.filter((r) => r.method !== "ALL" && r.path !== "/api/v1/openapi.json")
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}").replace(/\/$/, "")}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(new Set(documented)).toEqual(new Set(served));

    const params = (path: string, method: string) => doc.paths[path][method].parameters.map((p: { name: string }) => p.name).sort();
    expect(params("/api/v1/reports", "get")).toEqual(Object.keys(listReportsQuery.shape).sort());
    expect(params("/api/v1/projects", "get")).toEqual(Object.keys(listProjectsQuery.shape).sort());
    const body = (path: string, method: string) =>
      Object.keys(doc.paths[path][method].requestBody.content["application/x-www-form-urlencoded"].schema.properties).sort();
    expect(body("/api/v1/reports", "post")).toEqual(Object.keys(storeReportBody.shape).sort());
    expect(body("/api/v1/reports/{id}", "put")).toEqual(Object.keys(updateReportBody.shape).sort());
    expect(body("/api/v1/reports/{id}", "patch")).toEqual(Object.keys(updateReportBody.shape).sort());

    const perPage = doc.paths["/api/v1/reports"].get.parameters.find((p: { name: string }) => p.name === "per_page");
    expect(perPage.schema.enum).toEqual(["10", "25", "50", "100"]);
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";

describe("tenant isolation: account B never sees or changes account A's data", () => {
  let a: Caller;
  let b: Caller;
  let reportId: number;
  beforeAll(async () => {
    a = await createCaller("tenant-a");
    b = await createCaller("tenant-b");
    reportId = await seedReport(a, "https://secret.example/", { score: 88 });
  });

  const notFound = { message: "Resource not found.", status: 404 };

  it.each([
    ["GET", () => `/api/v1/reports/${reportId}`, undefined],
    ["PUT", () => `/api/v1/reports/${reportId}`, { privacy: 1 }],
    ["PATCH", () => `/api/v1/reports/${reportId}`, { update: 1 }],
    ["PATCH", () => `/api/v1/reports/${reportId}`, { privacy: 2, password: "takeover" }],
    ["DELETE", () => `/api/v1/reports/${reportId}`, undefined],
    ["DELETE", () => "/api/v1/projects/secret.example", undefined],
  ])("%s %s with B's key is 404", async (method, path, form) => {
    const res = await call(path(), { key: b.key, method, form: form as Record<string, string> | undefined });
    expect(res.status, res.text).toBe(404);
    expect(res.json).toEqual(notFound);
  });

  it("B's lists, searches and filters show nothing of A", async () => {
    for (const query of ["", "?search=secret", "?project=secret.example", "?result=good", "?sort_by=score"]) {
      const res = await call(`/api/v1/reports${query}`, { key: b.key });
      expect(res.json.data, query).toEqual([]);
      expect(res.json.meta.total).toBe(0);
    }
    const projects = await call("/api/v1/projects?search=secret", { key: b.key });
    expect(projects.json.data).toEqual([]);
  });

  it("A's report is untouched after all of B's attempts", async () => {
    const row = await env.DB.prepare("SELECT privacy, password_hash, status, generation FROM reports WHERE id = ?").bind(reportId).first();
    expect(row).toEqual({ privacy: 0, password_hash: null, status: "completed", generation: 1 });
    const res = await call(`/api/v1/reports/${reportId}`, { key: a.key });
    expect(res.status).toBe(200);
  });
});

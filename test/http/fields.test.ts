import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { projectFields } from "../../src/projects/schemas";
import { reportFields } from "../../src/reports/schemas";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { spySessions } from "../helpers/d1-sessions";

const results = { title: { category: "seo", importance: "high", passed: true, value: "A title" } };

describe("fields= on lists and shows", () => {
  let caller: Caller;
  let id: number;
  beforeAll(async () => {
    caller = await createCaller("fields");
    id = await seedReport(caller, "https://fields.example/one", { score: 88 });
    await env.DB.prepare("UPDATE reports SET results = ? WHERE id = ?").bind(JSON.stringify(results), id).run();
    await seedReport(caller, "https://fields.example/two", { score: 42 });
  });
  afterEach(() => vi.restoreAllMocks());

  it("without fields, a report is whole: exactly the report fields the schema lists, in order", async () => {
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(Object.keys(res.json.data)).toEqual([...reportFields]);
    expect(res.json.data.results).toEqual(results);
  });

  it("GET /api/v1/reports?fields=id,url,score,result returns only those, in the resource's order", async () => {
    const res = await call("/api/v1/reports?search=fields.example&fields=result,score,url,id", { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual([
      { id: id + 1, url: "https://fields.example/two", score: 42, result: "bad" },
      { id, url: "https://fields.example/one", score: 88, result: "good" },
    ]);
    expect(res.json.meta.total).toBe(2);
    expect(res.json.links.next).toBeNull();
    expect(res.json.links.first).toContain("fields=result%2Cscore%2Curl%2Cid");
  });

  it("always includes id, and tolerates spaces and repeats", async () => {
    const res = await call(`/api/v1/reports/${id}?fields=${encodeURIComponent(" status , status")}`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ id, status: "completed" });
  });

  it("a show with fields=results returns the results", async () => {
    const res = await call(`/api/v1/reports/${id}?fields=results,issues`, { key: caller.key });
    expect(res.json.data).toEqual({ id, issues: { high: 0, medium: 0, low: 0 }, results });
  });

  it("does not read the results column unless it is asked for", async () => {
    const sessions = spySessions();
    await call(`/api/v1/reports?search=fields.example&fields=id,score`, { key: caller.key });
    await call(`/api/v1/reports/${id}?fields=url`, { key: caller.key });
    const reportReads = () => sessions.statements.filter((sql) => sql.includes(`"reports"."final_url"`));
    expect(reportReads()).toHaveLength(2);
    for (const sql of reportReads()) expect(sql).not.toContain(`"reports"."results"`);

    sessions.statements.length = 0;
    await call(`/api/v1/reports?search=fields.example&fields=results`, { key: caller.key });
    await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(reportReads()).toHaveLength(2);
    for (const sql of reportReads()) expect(sql).toContain(`"reports"."results"`);
  });

  it.each([
    ["an unknown name", "id,nope"],
    ["an empty value", ""],
    ["an empty name", "id,,url"],
    ["a project field on reports", "reports"],
  ])("rejects %s with 422 naming the allowed fields", async (_, fields) => {
    for (const path of ["/api/v1/reports", `/api/v1/reports/${id}`]) {
      const res = await call(`${path}?fields=${encodeURIComponent(fields)}`, { key: caller.key });
      expect(res.status, res.text).toBe(422);
      const message = `The fields field must be a comma-separated list of: ${reportFields.join(", ")}.`;
      expect(res.json).toEqual({ message, errors: { fields: [message] }, status: 422 });
    }
  });

  it("rejects fields given twice with 422", async () => {
    const res = await call("/api/v1/reports?fields=id&fields=url", { key: caller.key });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(["fields"]);
  });

  it("validates fields before looking the report up: 422, not 404", async () => {
    const res = await call("/api/v1/reports/999999?fields=nope", { key: caller.key });
    expect(res.status).toBe(422);
  });

  it("GET /api/v1/projects?fields=score keeps the key, project", async () => {
    const res = await call("/api/v1/projects?search=fields.example&fields=score", { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual([{ project: "fields.example", score: 65 }]);
    const whole = await call("/api/v1/projects?search=fields.example", { key: caller.key });
    expect(Object.keys(whole.json.data[0])).toEqual([...projectFields]);
  });

  it("GET /api/v1/projects rejects report-only fields such as id with 422 naming the project fields", async () => {
    const res = await call("/api/v1/projects?fields=id", { key: caller.key });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(`The fields field must be a comma-separated list of: ${projectFields.join(", ")}.`);
  });
});

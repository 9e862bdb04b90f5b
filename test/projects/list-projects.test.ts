import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, createCaller, seedReport, type Caller } from "../helpers/api";

describe("GET /api/v1/projects", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("projects");
    await seedReport(caller, "https://www.alpha.example/1", { score: 90, createdAt: "2026-01-01T00:00:00.000Z" });
    await seedReport(caller, "https://alpha.example/2", { score: 71, createdAt: "2026-01-05T00:00:00.000Z" });
    await seedReport(caller, "https://beta.example/", { score: null, createdAt: "2026-02-01T00:00:00.000Z" });
    await seedReport(caller, "https://gamma_1.example/", { score: 30, createdAt: "2026-03-01T00:00:00.000Z" });
  });
  const names = (res: { json: any }) => res.json.data.map((p: { project: string }) => p.project);

  it("lists projects newest first with counts, average score and result", async () => {
    const res = await call("/api/v1/projects", { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual([
      { project: "gamma_1.example", reports: 1, score: 30, result: "bad", watch_robots: false, created_at: "2026-03-01T00:00:00.000Z" },
      { project: "beta.example", reports: 1, score: null, result: null, watch_robots: false, created_at: "2026-02-01T00:00:00.000Z" },
      { project: "alpha.example", reports: 2, score: 81, result: "good", watch_robots: false, created_at: "2026-01-01T00:00:00.000Z" },
    ]);
    expect(res.json.meta).toMatchObject({ total: 3, per_page: 10, current_page: 1, last_page: 1, path: `${BASE}/api/v1/projects` });
  });

  it("sorts by name and by date in both directions, and searches names with _ literal", async () => {
    expect(names(await call("/api/v1/projects?sort_by=project&sort=asc", { key: caller.key }))).toEqual(["alpha.example", "beta.example", "gamma_1.example"]);
    expect(names(await call("/api/v1/projects?sort_by=project", { key: caller.key }))).toEqual(["gamma_1.example", "beta.example", "alpha.example"]);
    expect(names(await call("/api/v1/projects?sort_by=created_at&sort=asc", { key: caller.key }))).toEqual(["alpha.example", "beta.example", "gamma_1.example"]);
    expect(names(await call("/api/v1/projects?search=A_1", { key: caller.key }))).toEqual(["gamma_1.example"]);
    expect(names(await call("/api/v1/projects?search=_", { key: caller.key }))).toEqual(["gamma_1.example"]);
    expect(names(await call("/api/v1/projects?search=ALPHA&search_by=project", { key: caller.key }))).toEqual(["alpha.example"]);
  });

  it.each([
    ["sort_by=id", "sort_by", "The sort_by field must be one of created_at, project."],
    ["search_by=url", "search_by", "The search_by field must be one of project."],
    ["per_page=5", "per_page", "The per_page field must be one of 10, 25, 50, 100."],
  ])("rejects %s with 422", async (query, field, message) => {
    const res = await call(`/api/v1/projects?${query}`, { key: caller.key });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message, errors: { [field]: [message] }, status: 422 });
  });
});

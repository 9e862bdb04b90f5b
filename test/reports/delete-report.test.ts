import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";

const row = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();

describe("DELETE /api/v1/reports/{id}", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("delete");
  });

  it("deletes a report, answers the delete envelope, and removes its project with its last report", async () => {
    const id = await seedReport(caller, "https://delete-me.example/", { score: 80 });
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ id, object: "report", deleted: true, status: 200 });
    expect(await row(id)).toBeNull();
    expect((await call(`/api/v1/reports/${id}`, { key: caller.key })).status).toBe(404);
    expect((await call(`/api/v1/reports/${id}`, { key: caller.key, method: "DELETE" })).status).toBe(404);
    const projects = await call("/api/v1/projects?search=delete-me", { key: caller.key });
    expect(projects.json.data).toEqual([]);
  });

  it("keeps the project while it has other reports", async () => {
    const a = await seedReport(caller, "https://keep.example/a", { score: 80 });
    await seedReport(caller, "https://keep.example/b", { score: 60 });
    await call(`/api/v1/reports/${a}`, { key: caller.key, method: "DELETE" });
    const projects = await call("/api/v1/projects?search=keep.example", { key: caller.key });
    expect(projects.json.data).toMatchObject([{ project: "keep.example", reports: 1, score: 60, result: "decent" }]);
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport } from "../helpers/api";

describe("DELETE /api/v1/projects/{project}", () => {
  it("deletes exactly that account's reports of the project, atomically, and nothing of another account", async () => {
    const a = await createCaller("owner");
    const b = await createCaller("neighbour");
    await seedReport(a, "https://shop.example/1", { score: 80 });
    await seedReport(a, "https://shop.example/2", { score: 80 });
    const keepA = await seedReport(a, "https://blog.example/", { score: 80 });
    const keepB = await seedReport(b, "https://shop.example/", { score: 80 });

    const res = await call("/api/v1/projects/shop.example", { key: a.key, method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ id: "shop.example", object: "project", deleted: true, status: 200 });

    const left = await env.DB.prepare("SELECT id FROM reports WHERE account_id IN (?, ?) ORDER BY id").bind(a.accountId, b.accountId).all<{ id: number }>();
    expect(left.results.map((r) => r.id)).toEqual([keepA, keepB]);
    expect((await call("/api/v1/projects/shop.example", { key: a.key, method: "DELETE" })).status).toBe(404);
    const bProjects = await call("/api/v1/projects", { key: b.key });
    expect(bProjects.json.data.map((p: { project: string }) => p.project)).toEqual(["shop.example"]);
  });

  it("answers an unknown project with 404", async () => {
    const a = await createCaller("unknown");
    const res = await call("/api/v1/projects/never.example", { key: a.key, method: "DELETE" });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
  });
});

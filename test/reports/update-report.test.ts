import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";

const row = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();

describe("PUT/PATCH /api/v1/reports/{id}", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("update");
  });
  afterEach(() => vi.restoreAllMocks());

  for (const method of ["PUT", "PATCH"]) {
    it(`${method} changes privacy with 200 and enqueues nothing`, async () => {
      const send = vi.spyOn(env.ANALYSIS_QUEUE, "send");
      const id = await seedReport(caller, "https://privacy.example/", { score: 70 });
      const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method, form: { privacy: 1 } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toMatchObject({ privacy: 1, status: "completed", score: 70 });
      expect(send).not.toHaveBeenCalled();
    });

    it(`${method} with update=1 queues a regeneration (202), keeps the previous results, and enqueues one message`, async () => {
      const send = vi.spyOn(env.ANALYSIS_QUEUE, "send");
      const id = await seedReport(caller, "https://regen.example/", { score: 55, createdAt: "2026-01-01T00:00:00.000Z" });
      const before = await row(id);
      const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method, form: { update: 1 } });
      expect(res.status, res.text).toBe(202);
      expect(res.json.status).toBe(202);
      expect(res.json.data).toMatchObject({ id, url: "https://regen.example/", status: "queued", score: 55, result: "decent", created_at: "2026-01-01T00:00:00.000Z" });
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]![0]).toEqual({ kind: "report", reportId: id, generation: before!.generation + 1 });
    });
  }

  it("requires a password to enter privacy 2, keeps it while staying there, and clears it on leaving", async () => {
    const id = await seedReport(caller, "https://pw-rules.example/", { score: 80 });
    const missing = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { privacy: 2 } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ password: ["The password field is required when privacy is 2."] });
    expect((await row(id))!.privacy).toBe(0);

    const set = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { privacy: 2, password: "open-sesame" } });
    expect(set.status, set.text).toBe(200);
    expect(set.json.data).toMatchObject({ privacy: 2, password: true });
    expect(set.text).not.toContain("open-sesame");
    const hash = (await row(id))!.password_hash;
    expect(hash).toMatch(/^pbkdf2-sha256\$/);

    const again = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PUT", form: { privacy: 2 } });
    expect(again.status).toBe(200);
    expect((await row(id))!.password_hash).toBe(hash);

    const leave = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PUT", form: { privacy: 0 } });
    expect(leave.json.data).toMatchObject({ privacy: 0, password: false });
    expect((await row(id))!.password_hash).toBeNull();
  });

  it("bumps the access version when the password or privacy changes, voiding unlock cookies", async () => {
    const id = await seedReport(caller, "https://access.example/", { score: 80 });
    const v0 = (await row(id))!.access_version;
    await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { privacy: 2, password: "one" } });
    const v1 = (await row(id))!.access_version;
    await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { password: "two" } });
    const v2 = (await row(id))!.access_version;
    expect(v1).toBeGreaterThan(v0);
    expect(v2).toBeGreaterThan(v1);
  });

  it("rejects update=2 and privacy=5 with 422 naming the allowed values", async () => {
    const id = await seedReport(caller, "https://bad-update.example/", { score: 80 });
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PUT", form: { update: 2, privacy: 5 } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ privacy: ["The privacy field must be one of 0, 1, 2."], update: ["The update field must be one of 0, 1."] });
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";

const DAY = 86_400;
const WEEK = 7 * DAY;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

describe("next_run_at of scheduled audits", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("next-run");
  });

  it("POST with schedule=weekly sets next_run_at one week ahead, at the report's own second of the hour", async () => {
    const before = nowSeconds();
    const res = await call("/api/v1/reports", { key: caller.key, form: { url: KNOWN(), schedule: "weekly" } });
    expect(res.status, res.text).toBe(201);
    const { id, schedule, next_run_at } = res.json.data;
    expect(schedule).toBe("weekly");
    const next = Date.parse(next_run_at) / 1000;
    expect(next).toBe(Math.floor((before + WEEK) / 3600) * 3600 + ((id * 61) % 3600));
    const plain = await call("/api/v1/reports", { key: caller.key, form: { url: KNOWN() } });
    expect(plain.json.data).toMatchObject({ schedule: "none", next_run_at: null, previous_score: null });
  });

  it("spreads many reports scheduled at once over the hour", async () => {
    const seconds = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const res = await call("/api/v1/reports", { key: caller.key, json: { url: KNOWN(), schedule: "daily" } });
      seconds.add(Math.floor(Date.parse(res.json.data.next_run_at) / 1000) % 3600);
    }
    expect(seconds.size).toBe(30);
    const minutes = new Set([...seconds].map((s) => Math.floor(s / 60)));
    expect(minutes.size).toBeGreaterThan(15);
  });

  it("rejects an unknown schedule with 422 naming the allowed values, on store and on update", async () => {
    const res = await call("/api/v1/reports", { key: caller.key, form: { url: KNOWN(), schedule: "monthly" } });
    expect(res.status).toBe(422);
    expect(res.json.errors.schedule).toEqual(["The schedule field must be one of none, daily, weekly."]);
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const update = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { schedule: "hourly" } });
    expect(update.status).toBe(422);
  });

  it("PATCH schedule sets, keeps and clears next_run_at", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const set = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { schedule: "daily" } });
    expect(set.status, set.text).toBe(200);
    expect(Date.parse(set.json.data.next_run_at) / 1000 - nowSeconds()).toBeGreaterThan(DAY - 3700);
    const again = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { schedule: "daily" } });
    expect(again.json.data.next_run_at).toBe(set.json.data.next_run_at);
    const off = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { schedule: "none" } });
    expect(off.json.data).toMatchObject({ schedule: "none", next_run_at: null });
  });
});

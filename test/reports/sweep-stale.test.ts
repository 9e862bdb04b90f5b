import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { STALE_AFTER_MS } from "../../src/reports/sweep-stale";
import { createCaller, seedReport } from "../helpers/api";

const setState = (id: number, status: string, updatedAt: string) =>
  env.DB.prepare("UPDATE reports SET status = ?, updated_at = ? WHERE id = ?").bind(status, updatedAt, id).run();
const row = (id: number) => env.DB.prepare("SELECT status, error_code, score FROM reports WHERE id = ?").bind(id).first();

describe("the scheduled sweep", () => {
  it("fails reports whose message was lost, and leaves recent or finished ones alone", async () => {
    const caller = await createCaller("sweep");
    const old = new Date(Date.now() - STALE_AFTER_MS - 60_000).toISOString();
    const recent = new Date(Date.now() - 60_000).toISOString();
    const lostQueued = await seedReport(caller, "https://lost.example/a", { score: 70 });
    const lostProcessing = await seedReport(caller, "https://lost.example/b", { score: null });
    const waiting = await seedReport(caller, "https://lost.example/c", { score: null });
    const done = await seedReport(caller, "https://lost.example/d", { score: 90 });
    await setState(lostQueued, "queued", old);
    await setState(lostProcessing, "processing", old);
    await setState(waiting, "queued", recent);
    await setState(done, "completed", old);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await row(lostQueued)).toEqual({ status: "failed", error_code: "analysis_lost", score: 70 });
    expect(await row(lostProcessing)).toEqual({ status: "failed", error_code: "analysis_lost", score: null });
    expect(await row(waiting)).toEqual({ status: "queued", error_code: null, score: null });
    expect(await row(done)).toEqual({ status: "completed", error_code: null, score: 90 });
  });
});

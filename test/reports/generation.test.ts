import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AnalysisOutcome } from "../../src/analysis/analyze";
import { createDb } from "../../src/db/client";
import { reports } from "../../src/db/schema";
import { failures } from "../../src/targets/failures";
import { endGeneration, failGeneration, failStaleGenerations, markProcessing, nextGeneration } from "../../src/reports/generation";
import { eq } from "drizzle-orm";
import { createCaller, seedReport, type Caller } from "../helpers/api";

const db = createDb(env.DB);
const row = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();
const completed = (score: number): AnalysisOutcome => ({
  ok: true,
  finalUrl: "https://generation.example/final",
  score,
  result: score >= 80 ? "good" : "bad",
  issues: { high: 1, medium: 0, low: 2 },
  results: {},
});
const regenerate = (id: number) => db.update(reports).set(nextGeneration()).where(eq(reports.id, id));

describe("generation: the one writer of a report's status and generation", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("generation");
  });

  it("ends a running generation once: a second end of the same job changes nothing", async () => {
    const id = await seedReport(caller, "https://generation.example/once", { score: null });
    const job = { reportId: id, generation: 1 };
    await markProcessing(db, job);
    expect(await row(id)).toMatchObject({ status: "processing" });
    const first = await endGeneration(db, job, completed(90));
    expect(first.meta.changes).toBe(1);
    const second = await endGeneration(db, job, completed(10));
    expect(second.meta.changes).toBe(0);
    expect(await row(id)).toMatchObject({ status: "completed", score: 90, result: "good", issues_high: 1, issues_low: 2 });
  });

  it("ignores a job of an older generation: a regenerated report is not ended by a stale message", async () => {
    const id = await seedReport(caller, "https://generation.example/stale", { score: 70 });
    await regenerate(id);
    expect(await row(id)).toMatchObject({ status: "queued", generation: 2, score: 70 });
    expect((await markProcessing(db, { reportId: id, generation: 1 })).meta.changes).toBe(0);
    expect((await endGeneration(db, { reportId: id, generation: 1 }, completed(5))).meta.changes).toBe(0);
    expect(await row(id)).toMatchObject({ status: "queued", generation: 2, score: 70 });
  });

  it("a failed regeneration keeps the previous score and says why", async () => {
    const id = await seedReport(caller, "https://generation.example/failed", { score: 65 });
    await regenerate(id);
    await failGeneration(db, { reportId: id, generation: 2 }, failures.enqueueFailed);
    expect(await row(id)).toMatchObject({ status: "failed", generation: 2, score: 65, error_code: "enqueue_failed" });
  });

  it("the sweep fails only unfinished generations untouched since the cutoff, and returns them", async () => {
    const old = await seedReport(caller, "https://generation.example/old", { score: null });
    const recent = await seedReport(caller, "https://generation.example/recent", { score: null });
    const done = await seedReport(caller, "https://generation.example/done", { score: 80 });
    const longAgo = new Date(Date.now() - 3_600_000).toISOString();
    for (const id of [old, done]) await env.DB.prepare("UPDATE reports SET updated_at = ? WHERE id = ?").bind(longAgo, id).run();
    const cutoff = new Date(Date.now() - 60_000).toISOString();
    const failed = await failStaleGenerations(db, cutoff, failures.analysisLost, new Date().toISOString());
    expect(failed.filter((job) => [old, recent, done].includes(job.reportId))).toEqual([{ reportId: old, generation: 1 }]);
    expect(await row(old)).toMatchObject({ status: "failed", error_code: "analysis_lost" });
    expect(await row(recent)).toMatchObject({ status: "queued" });
    expect(await row(done)).toMatchObject({ status: "completed", error_code: null });
  });
});

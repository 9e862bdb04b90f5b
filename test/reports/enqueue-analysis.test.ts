import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { ApiError } from "../../src/http/errors";
import { enqueueAnalyses, enqueueAnalysis, requeueAnalysis } from "../../src/reports/enqueue-analysis";
import { failures } from "../../src/targets/failures";
import { createCaller, seedReport, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { recordingQueue } from "../helpers/webhooks";

const db = createDb(env.DB);
const row = (id: number) => env.DB.prepare("SELECT status, error_code, score FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();
const refuse = async () => {
  throw new Error("queue unavailable");
};
const refusing = { send: refuse, sendBatch: refuse } as unknown as Queue;

describe("enqueueAnalyses: the one way analyses are queued", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("enqueue-analysis");
  });

  it("sends one report's job through the real analysis queue, and the consumer analyses it", async () => {
    const id = await seedReport(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`, { score: null });
    await enqueueAnalysis(db, env.ANALYSIS_QUEUE, { kind: "report", reportId: id, generation: 1 });
    const report = await waitForReport(caller.key, id);
    expect(report.status).toBe("completed");
    expect(report.score).toBeGreaterThan(0);
  });

  it("a refused job fails its generation with the given failure, and the API's enqueue answers 503 with Retry-After", async () => {
    const id = await seedReport(caller, "https://enqueue.example/refused", { score: null });
    const error = await enqueueAnalysis(db, refusing, { kind: "report", reportId: id, generation: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: "The analysis queue is unavailable. Please try again shortly." });
    expect((error as ApiError).headers).toEqual({ "Retry-After": "30" });
    expect(await row(id)).toMatchObject({ status: "failed", error_code: "enqueue_failed" });
  });

  it("sends many jobs in batches of 100 with their delays, and returns none refused", async () => {
    const { queue, sent } = recordingQueue();
    const messages = Array.from({ length: 150 }, (_, i) => ({ job: { kind: "report" as const, reportId: 1_000_000 + i, generation: 1 }, delaySeconds: i % 3 }));
    expect(await enqueueAnalyses(db, queue, messages, { failure: failures.enqueueFailed })).toEqual([]);
    expect(sent).toHaveLength(150);
    expect(sent[149]).toEqual({ body: { kind: "report", reportId: 1_000_149, generation: 1 }, options: { delaySeconds: 2, contentType: "json" } });
  });

  it("fails refused generations together with the caller's own statements, in one batch", async () => {
    const a = await seedReport(caller, "https://enqueue.example/a", { score: null });
    const b = await seedReport(caller, "https://enqueue.example/b", { score: 40 });
    const seen: number[][] = [];
    const refused = await enqueueAnalyses(
      db,
      refusing,
      [{ job: { kind: "report" as const, reportId: a, generation: 1 } }, { job: { kind: "report" as const, reportId: b, generation: 1 } }],
      {
        failure: failures.scheduledEnqueueFailed,
        alsoOnRefusal: (jobs) => {
          seen.push(jobs.map((job) => job.reportId));
          return [sql`UPDATE reports SET score = 1 WHERE id = ${a}`];
        },
      },
    );
    expect(refused.map((job) => job.reportId)).toEqual([a, b]);
    expect(seen).toEqual([[a, b]]);
    expect(await row(a)).toMatchObject({ status: "failed", error_code: "enqueue_failed", score: 1 });
    // b was seeded completed: a finished generation is not failed again.
    expect(await row(b)).toMatchObject({ status: "completed", score: 40 });
  });

  it("requeueAnalysis says whether the queue took the message", async () => {
    const { queue, sent } = recordingQueue();
    expect(await requeueAnalysis(queue, { job: { kind: "report" as const, reportId: 7, generation: 2 }, delaySeconds: 4 })).toBe(true);
    expect(sent).toEqual([{ body: { kind: "report", reportId: 7, generation: 2 }, options: { delaySeconds: 4, contentType: "json" } }]);
    expect(await requeueAnalysis(refusing, { job: { kind: "report" as const, reportId: 7, generation: 2 } })).toBe(false);
  });
});

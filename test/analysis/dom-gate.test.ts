import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { domGateCounts, withDomGate } from "../../src/analysis/dom-gate";
import worker from "../../src/index";
import { decodeResults } from "../../src/reports/results-codec";
import { createCaller, seedReport, type Caller } from "../helpers/api";

const report = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();

describe("one DOM at a time", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("dom-gate");
    // The page server builds a large page on its first request: not inside the analyses' fetch deadline.
    await (await fetch(`${env.PAGE_SERVER}/large/5000000`)).arrayBuffer();
  }, 60_000);

  it("analyses a batch of 10 large pages (5 MB, cut by the parse budget) holding at most one DOM at once", async () => {
    const jobs = [];
    for (let n = 0; n < 10; n++) {
      const id = await seedReport(caller, `${env.PAGE_SERVER}/large/5000000?copy=${n}`, { score: null });
      jobs.push({ reportId: id, generation: (await report(id))!.generation as number });
    }
    const before = domGateCounts();
    // The slow lane (no first deadline), no per-host cap and a fetch deadline of 20 s, far past any local read: this
    // batch is about the DOM gate alone, and its ten 5 MB reads share two cores with other test files (until 29 Nov
    // 2026 the file ran alone to meet the tests' 3 s).
    const batch = createMessageBatch(
      "pagegrade-analysis-slow",
      jobs.map((body, n) => ({ id: `large-${n}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, HOST_CONCURRENCY: "10", FETCH_TIMEOUT_MS: "20000" }, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.explicitAcks).toHaveLength(10);
    const after = domGateCounts();
    expect(after.passes - before.passes).toBe(10);
    expect(after.peakHeld).toBe(1);
    expect(after.held).toBe(0);
    for (const job of jobs) {
      const row = await report(job.reportId);
      expect(row).toMatchObject({ status: "completed", error_code: null });
      // The whole page was read (5 MB is under the fetch limit) and judged too large by page_size.
      expect(decodeResults(row!.results)!.page_size!.value).toBeGreaterThan(4_900_000);
    }
  }, 180_000);

  it("lets work that awaits finish before the next starts, in order, and a failure does not block the gate", async () => {
    const events: string[] = [];
    const step = (name: string, fail = false) =>
      withDomGate(async () => {
        events.push(`start ${name}`);
        await new Promise((ok) => setTimeout(ok, 20));
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const outcomes = await Promise.allSettled([step("a"), step("b", true), step("c")]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(domGateCounts().peakHeld).toBe(1);
  });
});

import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { config } from "../../src/config";
import worker from "../../src/index";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { runDueSchedules } from "../../src/reports/run-due-schedules";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { recordingQueue } from "../helpers/webhooks";

const DAY = 86_400;
const WEEK = 7 * DAY;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

const reportRow = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();
const setDue = (id: number, nextRunAt: number, schedule = "daily") =>
  env.DB.prepare("UPDATE reports SET schedule = ?, next_run_at = ? WHERE id = ?").bind(schedule, nextRunAt, id).run();
/** A tick that records what it enqueues instead of sending it. */
async function tick(refusing?: Queue, nowMs = Date.now()) {
  const { queue, sent } = recordingQueue();
  const stats = await runDueSchedules(createDb(env.DB), refusing ?? queue, config(env), nowMs);
  return { stats, sent: sent.map((s) => s.body as { reportId: number; generation: number }) };
}

const setQuota = (caller: Caller, column: "quota_reports" | "quota_rendered", limit: number | null) =>
  env.DB.prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?`).bind(limit, caller.accountId).run();
const resetsAtNextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};
/** The Worker's own cron: its scheduled handler over the real D1 and queue. */
async function cron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("scheduled runs count in the account's monthly quota", () => {
  it("the cron regenerates the Nth due report and refuses the N+1th with quota_exceeded; /usage counts the runs", async () => {
    const caller = await createCaller("schedule-quota");
    await setQuota(caller, "quota_reports", 2);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await seedReport(caller, `${KNOWN()}?scheduled-quota=${i}`, { score: 70 }));
    const planned = nowSeconds() - 30;
    for (const [i, id] of ids.entries()) await setDue(id, planned + i);
    await cron();
    // The oldest two due runs fit and run; the third is refused: a generation that failed at once, results kept.
    for (const id of ids.slice(0, 2)) {
      const report = await waitForReport(caller.key, id);
      expect(report, `report ${id}`).toMatchObject({ status: "completed", previous_score: 70 });
      expect((await reportRow(id))!.generation).toBe(2);
    }
    const resets = resetsAtNextMonth();
    expect(await reportRow(ids[2]!)).toMatchObject({
      status: "failed",
      generation: 2,
      error_code: "quota_exceeded",
      error_message: `The account's monthly quota of reports analysed is used up: this scheduled run was skipped. It resets at ${resets}; the next scheduled run tries again.`,
      next_run_at: planned + 2 + DAY,
      score: 70,
    });
    const refused = await call(`/api/v1/reports/${ids[2]}`, { key: caller.key });
    expect(refused.json.data).toMatchObject({ status: "failed", score: 70, error: { code: "quota_exceeded" } });
    const history = await call(`/api/v1/reports/${ids[2]}/history`, { key: caller.key });
    expect(history.json.data).toEqual([]);
    const usage = await call("/api/v1/usage", { key: caller.key });
    expect(usage.json.data.reports).toEqual({ used: 2, limit: 2, resets_at: resets });
    expect(usage.json.data.rendered.used).toBe(0);
    // The quota is used up for the API too; raised by one, the refused report's next run goes through.
    expect((await call("/api/v1/reports", { key: caller.key, form: { url: `${KNOWN()}?scheduled-quota=api` } })).status).toBe(429);
    await setQuota(caller, "quota_reports", 3);
    await setDue(ids[2]!, nowSeconds() - 1);
    await cron();
    expect(await waitForReport(caller.key, ids[2]!)).toMatchObject({ status: "completed" });
    expect((await reportRow(ids[2]!))!.generation).toBe(3);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.reports.used).toBe(3);
  });

  it("a rendered report's run counts a rendered page: past the rendered quota it is refused, a plain report still runs", async () => {
    const caller = await createCaller("schedule-quota-rendered");
    await setQuota(caller, "quota_rendered", 1);
    const rendered = [await seedReport(caller, "https://rendered-quota.test/a", { score: 60 }), await seedReport(caller, "https://rendered-quota.test/b", { score: 60 })];
    const plain = await seedReport(caller, "https://rendered-quota.test/c", { score: 60 });
    for (const id of rendered) await env.DB.prepare("UPDATE reports SET render = 1 WHERE id = ?").bind(id).run();
    const planned = nowSeconds() - 20;
    for (const [i, id] of [...rendered, plain].entries()) await setDue(id, planned + i);
    const { sent, stats } = await tick();
    expect(sent.filter((job) => [...rendered, plain].includes(job.reportId)).map((job) => job.reportId).sort()).toEqual([rendered[0], plain].sort());
    expect(stats.refused).toBeGreaterThanOrEqual(1);
    expect(await reportRow(rendered[1]!)).toMatchObject({
      status: "failed",
      generation: 2,
      error_code: "quota_exceeded",
      error_message: `The account's monthly quota of rendered pages is used up: this scheduled run was skipped. It resets at ${resetsAtNextMonth()}; the next scheduled run tries again.`,
      next_run_at: planned + 1 + DAY,
    });
    const usage = await call("/api/v1/usage", { key: caller.key });
    expect(usage.json.data).toMatchObject({ reports: { used: 2, limit: null }, rendered: { used: 1, limit: 1 } });
  });

  it("one tick counts each account in its own quota: another account's room is not shared", async () => {
    const [full, free] = [await createCaller("schedule-quota-full"), await createCaller("schedule-quota-free")];
    await setQuota(full, "quota_reports", 0);
    await setQuota(free, "quota_reports", 1);
    const fullId = await seedReport(full, "https://quota-accounts.test/full", { score: 50 });
    const freeIds = [await seedReport(free, "https://quota-accounts.test/free-1", { score: 50 }), await seedReport(free, "https://quota-accounts.test/free-2", { score: 50 })];
    const planned = nowSeconds() - 10;
    await setDue(fullId, planned);
    for (const [i, id] of freeIds.entries()) await setDue(id, planned + 1 + i);
    const { sent } = await tick();
    expect(sent.filter((job) => [fullId, ...freeIds].includes(job.reportId)).map((job) => job.reportId)).toEqual([freeIds[0]]);
    expect((await reportRow(fullId))!.error_code).toBe("quota_exceeded");
    expect((await reportRow(freeIds[1]!))!.error_code).toBe("quota_exceeded");
    expect((await call("/api/v1/usage", { key: full.key })).json.data.reports.used).toBe(0);
    expect((await call("/api/v1/usage", { key: free.key })).json.data.reports.used).toBe(1);
  });
});

describe("scheduled audits run when due", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("schedules");
  });

  it("enqueues a due report once, as a regeneration, and advances next_run_at from the planned time (no drift)", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const planned = nowSeconds() - 30;
    await setDue(id, planned);
    const first = await tick();
    expect(first.sent.filter((job) => job.reportId === id)).toEqual([{ kind: "report", reportId: id, generation: 2 }]);
    expect(await reportRow(id)).toMatchObject({ status: "queued", generation: 2, next_run_at: planned + DAY });
    const second = await tick();
    expect(second.sent.filter((job) => job.reportId === id)).toEqual([]);
  });

  it("a missed tick catches up once, and the next run stays on the planned grid", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const planned = nowSeconds() - 3 * WEEK - 100;
    await setDue(id, planned, "weekly");
    const { sent } = await tick();
    expect(sent.filter((job) => job.reportId === id)).toHaveLength(1);
    expect((await reportRow(id))!.next_run_at).toBe(planned + 4 * WEEK);
  });

  it("a run the queue refuses fails its report with enqueue_failed, and the next run tries again", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 50 });
    const planned = nowSeconds() - 20;
    await setDue(id, planned);
    const refuse = async () => {
      throw new Error("queue down");
    };
    const { stats } = await tick({ send: refuse, sendBatch: refuse } as unknown as Queue);
    expect(stats.failed).toBeGreaterThanOrEqual(1);
    expect(await reportRow(id)).toMatchObject({
      status: "failed",
      generation: 2,
      error_code: "enqueue_failed",
      error_message: "The scheduled analysis could not be queued; the next scheduled run will try again.",
      next_run_at: planned + DAY,
      score: 50,
    });
    await setDue(id, nowSeconds() - 1);
    const retried = await tick();
    expect(retried.sent.filter((job) => job.reportId === id)).toEqual([{ kind: "report", reportId: id, generation: 3 }]);
  });

  it("does not enqueue a report still analysing, but moves its next_run_at on", async () => {
    const id = await seedReport(caller, KNOWN(), { score: null }); // status queued
    const planned = nowSeconds() - 10;
    await setDue(id, planned);
    const { sent, stats } = await tick();
    expect(sent.filter((job) => job.reportId === id)).toEqual([]);
    expect(stats.skipped).toBeGreaterThanOrEqual(1);
    expect(await reportRow(id)).toMatchObject({ status: "queued", generation: 1, next_run_at: planned + DAY });
  });

  it("two overlapping cron runs never enqueue the same due run twice", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await seedReport(caller, KNOWN(), { score: 60 }));
    for (const id of ids) await setDue(id, nowSeconds() - 5);
    const [a, b] = await Promise.all([tick(), tick()]);
    const mine = [...a.sent, ...b.sent].filter((job) => ids.includes(job.reportId));
    expect(mine).toHaveLength(40);
    expect(new Set(mine.map((job) => job.reportId)).size).toBe(40);
  });

  it("two scheduled handlers of the Worker at once: each due report is regenerated once, through the real queue", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await seedReport(caller, KNOWN(), { score: 90 }));
    for (const id of ids) await setDue(id, nowSeconds() - 2);
    const run = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await Promise.all([run(), run()]);
    for (const id of ids) {
      const report = await waitForReport(caller.key, id);
      expect(report.status).toBe("completed");
      expect((await reportRow(id))!.generation, `report ${id}`).toBe(2);
      const history = await call(`/api/v1/reports/${id}/history`, { key: caller.key });
      expect(history.json.data.map((entry: any) => entry.generation)).toEqual([2]);
    }
  });

  it("deleted reports (and projects) never run", async () => {
    const id = await seedReport(caller, "http://deleted-schedule.test/a", { score: 70 });
    await setDue(id, nowSeconds() - 5);
    expect((await call(`/api/v1/reports/${id}`, { key: caller.key, method: "DELETE" })).status).toBe(200);
    const other = await seedReport(caller, "http://deleted-project.test/b", { score: 70 });
    await setDue(other, nowSeconds() - 5);
    expect((await call("/api/v1/projects/deleted-project.test", { key: caller.key, method: "DELETE" })).status).toBe(200);
    const { sent } = await tick();
    expect(sent.filter((job) => job.reportId === id || job.reportId === other)).toEqual([]);
  });

  it("a due run goes through the real queue: the report is analysed again and gets a history row", async () => {
    const id = await seedReport(caller, KNOWN(), { score: 100 });
    await setDue(id, nowSeconds() - 1);
    const stats = await runDueSchedules(createDb(env.DB), env.ANALYSIS_QUEUE, config(env));
    expect(stats.enqueued).toBeGreaterThanOrEqual(1);
    const report = await waitForReport(caller.key, id);
    expect(report).toMatchObject({ status: "completed", previous_score: 100, schedule: "daily" });
    const history = await call(`/api/v1/reports/${id}/history`, { key: caller.key });
    expect(history.json.data).toHaveLength(1);
  });

  it("10,000 due reports are spread over ticks of SCHEDULE_BATCH, oldest first, each enqueued once", async () => {
    // Only this test's reports are due from here on.
    await env.DB.prepare("UPDATE reports SET next_run_at = NULL, schedule = 'none'").run();
    const base = nowSeconds() - 20_000;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO reports (account_id, project_id, url, status, score, result, schedule, next_run_at)
       SELECT ?1, (SELECT project_id FROM reports WHERE account_id = ?1 LIMIT 1), 'https://bulk.test/' || i, 'completed', 80, 'good', 'weekly', ?2 + i FROM n`,
    ).bind(caller.accountId, base).run();
    const seen = new Map<number, number>();
    let last = -Infinity;
    for (let t = 0; t < 10; t++) {
      const { sent, stats } = await tick();
      expect(sent, `tick ${t + 1}`).toHaveLength(1000);
      expect(stats.rowsWritten).toBeGreaterThan(0);
      for (const job of sent) seen.set(job.reportId, (seen.get(job.reportId) ?? 0) + 1);
      const dueTimes = await env.DB.prepare(`SELECT min(next_run_at - ${WEEK}) AS lo, max(next_run_at - ${WEEK}) AS hi FROM reports WHERE id IN (${sent.map((j) => j.reportId).join(",")})`).first<{ lo: number; hi: number }>();
      expect(dueTimes!.lo).toBeGreaterThan(last);
      last = dueTimes!.hi;
    }
    expect(seen.size).toBe(10_000);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect((await tick()).sent).toEqual([]);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createCaller } from "../helpers/api";
import { createDb } from "../../src/db/client";
import { runBatch } from "../../src/db/batch";
import { countUsage, monthOf, refusedCounter, resetsAt, usageCounters, usageOf, type UsageCounter } from "../../src/accounts/usage";

/*
 * The counting statement against real D1: within a batch it adds to the month's counters, and past a limit it fails
 * the batch whole, naming the counter. Every counter, at its boundary.
 */
const limitColumn: Record<UsageCounter, string> = { reports: "quota_reports", crawl_pages: "quota_crawl_pages", rendered: "quota_rendered" };

/** A batch of one counted piece of work: the count and a project row standing for the work it counts. */
async function countedWork(accountId: number, counter: UsageCounter, n: number, name: string) {
  const db = createDb(env.DB);
  try {
    await runBatch(db, [countUsage(db, accountId, { [counter]: n }), sql`INSERT INTO projects (account_id, name) VALUES (${accountId}, ${name})`]);
    return "counted";
  } catch (error) {
    return refusedCounter(error) ?? error;
  }
}

const projectNames = async (accountId: number) =>
  (await env.DB.prepare("SELECT name FROM projects WHERE account_id = ? ORDER BY id").bind(accountId).all<{ name: string }>()).results.map((r) => r.name);

describe("countUsage", () => {
  for (const counter of usageCounters) {
    it(`allows the Nth ${counter} and refuses the N+1th, rolling the work of its batch back`, async () => {
      const caller = await createCaller(`usage-${counter}`);
      await env.DB.prepare(`UPDATE accounts SET ${limitColumn[counter]} = 3 WHERE id = ?`).bind(caller.accountId).run();
      expect(await countedWork(caller.accountId, counter, 2, "w1")).toBe("counted");
      expect(await countedWork(caller.accountId, counter, 2, "w2")).toBe(counter);
      expect(await countedWork(caller.accountId, counter, 1, "w3")).toBe("counted");
      expect(await countedWork(caller.accountId, counter, 1, "w4")).toBe(counter);
      expect(await projectNames(caller.accountId)).toEqual(["w1", "w3"]);
      const usage = await usageOf(createDb(env.DB), caller.accountId);
      expect(usage[counter]).toEqual({ used: 3, limit: 3 });
      for (const other of usageCounters.filter((c) => c !== counter)) expect(usage[other]).toEqual({ used: 0, limit: null });
    });
  }

  it("refuses the first count at once when the limit is 0, and a limit lowered below the use refuses every count", async () => {
    const caller = await createCaller("usage-zero");
    await env.DB.prepare("UPDATE accounts SET quota_reports = 0 WHERE id = ?").bind(caller.accountId).run();
    expect(await countedWork(caller.accountId, "reports", 1, "z1")).toBe("reports");
    await env.DB.prepare("UPDATE accounts SET quota_reports = NULL WHERE id = ?").bind(caller.accountId).run();
    expect(await countedWork(caller.accountId, "reports", 5, "z2")).toBe("counted");
    await env.DB.prepare("UPDATE accounts SET quota_reports = 2 WHERE id = ?").bind(caller.accountId).run();
    expect(await countedWork(caller.accountId, "reports", 1, "z3")).toBe("reports");
    expect(await projectNames(caller.accountId)).toEqual(["z2"]);
  });

  it("lets exactly one of ten batches at the boundary pass", async () => {
    const caller = await createCaller("usage-race");
    await env.DB.prepare("UPDATE accounts SET quota_rendered = 1 WHERE id = ?").bind(caller.accountId).run();
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => countedWork(caller.accountId, "rendered", 1, `r${i}`)));
    expect(outcomes.filter((o) => o === "counted")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "rendered")).toHaveLength(9);
    expect(await projectNames(caller.accountId)).toHaveLength(1);
  });

  it("keys the counters by UTC month: a count at the month's last instant and the next month's first go to two rows", async () => {
    const caller = await createCaller("usage-months");
    await env.DB.prepare("UPDATE accounts SET quota_reports = 1 WHERE id = ?").bind(caller.accountId).run();
    const db = createDb(env.DB);
    const last = new Date("2026-12-31T23:59:59.999Z");
    const first = new Date(resetsAt(last));
    expect(first.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    await runBatch(db, [countUsage(db, caller.accountId, { reports: 1 }, last)]);
    await runBatch(db, [countUsage(db, caller.accountId, { reports: 1 }, first)]);
    await expect(runBatch(db, [countUsage(db, caller.accountId, { reports: 1 }, first)])).rejects.toSatisfy((e) => refusedCounter(e) === "reports");
    const rows = await env.DB.prepare("SELECT month, reports FROM account_usage WHERE account_id = ? ORDER BY month").bind(caller.accountId).all();
    expect(rows.results).toEqual([
      { month: monthOf(last), reports: 1 },
      { month: "2027-01", reports: 1 },
    ]);
    expect(monthOf(last)).toBe("2026-12");
  });
});

describe("refusedCounter", () => {
  it("finds no counter in another error", () => {
    expect(refusedCounter(new Error("NOT NULL constraint failed: reports.url"))).toBeNull();
    expect(refusedCounter("not an error")).toBeNull();
    expect(refusedCounter(new Error("D1 batch failed", { cause: new Error("NOT NULL constraint failed: account_usage.crawl_pages") }))).toBe("crawl_pages");
  });
});

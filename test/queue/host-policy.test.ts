import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { config } from "../../src/config";
import { createDb } from "../../src/db/client";
import { createHostPolicy, type HostSlot } from "../../src/queue/host-policy";

/*
 * The host policy of one invocation (docs/operations.md "Per-host fairness") against the real analysis_host_slots
 * table: its turns, its slots, and when it sends a message to wait or to the slow lane. Each test has its own host.
 */
const settings = config(env);
const cap = settings.hostConcurrency;
const db = createDb(env.DB);
let reportIds = 900_000;
const nextReport = () => ++reportIds;
let hosts = 0;
const newHost = () => `policy-${++hosts}-${Date.now()}.example`;

const slotRows = (host: string) =>
  env.DB.prepare("SELECT report_id, lane FROM analysis_host_slots WHERE host = ? ORDER BY report_id").bind(host).all<{ report_id: number; lane: string }>();

const isSlot = (taken: HostSlot | "slow" | "wait"): taken is HostSlot => typeof taken === "object";

describe("the host policy", () => {
  it("gives up to HOST_CONCURRENCY slots of a host, and a release frees its row", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const taken = await Promise.all(Array.from({ length: cap }, () => policy.take(nextReport(), host)));
    expect(taken.every(isSlot)).toBe(true);
    expect((await slotRows(host)).results).toHaveLength(cap);
    await Promise.all(taken.filter(isSlot).map((slot) => slot.release(false)));
    expect((await slotRows(host)).results).toHaveLength(0);
  });

  it("lets the invocation's next message of a host wait in process for one of its turns, not the queue", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const first = await Promise.all(Array.from({ length: cap }, () => policy.take(nextReport(), host)));
    const extra = policy.take(nextReport(), host);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await slotRows(host)).results).toHaveLength(cap);
    await (first[0] as HostSlot).release(false);
    const late = await extra;
    expect(isSlot(late)).toBe(true);
    await Promise.all([...first.slice(1), late].filter(isSlot).map((slot) => slot.release(false)));
  });

  it("says wait when other invocations hold the host's slots, and only its first message waits for one", async () => {
    const host = newHost();
    const other = createHostPolicy(db, "slow", settings);
    const held = await Promise.all(Array.from({ length: cap }, () => other.take(nextReport(), host)));
    const policy = createHostPolicy(db, "slow", settings);
    let started = Date.now();
    expect(await policy.take(nextReport(), host)).toBe("wait");
    // The first waited about a second (HOST_WAIT_MS) for another invocation's slot ...
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    started = Date.now();
    expect(await policy.take(nextReport(), host)).toBe("wait");
    // ... the host is crowded now: the next does not wait.
    expect(Date.now() - started).toBeLessThan(500);
    await Promise.all(held.filter(isSlot).map((slot) => slot.release(false)));
  });

  it("sends the main lane's message of a host the slow lane is working on to the slow lane, untried", async () => {
    const host = newHost();
    const slow = await createHostPolicy(db, "slow", settings).take(nextReport(), host);
    expect(isSlot(slow)).toBe(true);
    const main = createHostPolicy(db, "main", settings);
    expect(await main.take(nextReport(), host)).toBe("slow");
    await (slow as HostSlot).release(false);
    expect(isSlot(await main.take(nextReport(), host))).toBe(true);
  });

  it("hands a slot that missed the first deadline to the slow lane, and sends the invocation's next messages of its host there", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const reportId = nextReport();
    const slot = await policy.take(reportId, host);
    expect(isSlot(slot)).toBe(true);
    policy.moved(host);
    await (slot as HostSlot).release(true);
    expect((await slotRows(host)).results).toEqual([{ report_id: reportId, lane: "slow" }]);
    expect(await policy.take(nextReport(), host)).toBe("slow");
    // Another invocation's main lane sees the handed-over slot too.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), host)).toBe("slow");
  });
});

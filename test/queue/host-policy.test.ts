import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { config } from "../../src/config";
import { createDb } from "../../src/db/client";
import { createHostPolicy, type HostSlot } from "../../src/queue/host-policy";

/*
 * The host policy of one invocation (docs/operations.md "Per-host fairness") against the real analysis_host_slots and
 * analysis_slow_urls tables: its turns, its slots per lane, and when it sends a message to wait or to the slow lane.
 * Each test has its own host.
 */
const settings = config(env);
const cap = settings.hostConcurrency;
const db = createDb(env.DB);
let reportIds = 900_000;
const nextReport = () => ++reportIds;
let hosts = 0;
const newHost = () => `policy-${++hosts}-${Date.now()}.example`;
let pages = 0;
/** Another URL of the host. */
const page = (host: string) => `https://${host}/page-${++pages}`;

const slotRows = (host: string) =>
  env.DB.prepare("SELECT report_id, lane FROM analysis_host_slots WHERE host = ? ORDER BY report_id").bind(host).all<{ report_id: number; lane: string }>();

const slowUrl = (url: string) => env.DB.prepare("SELECT url FROM analysis_slow_urls WHERE url = ?").bind(url).first();

const isSlot = (taken: HostSlot | "slow" | "wait"): taken is HostSlot => typeof taken === "object";

describe("the host policy", () => {
  it("gives up to HOST_CONCURRENCY slots of a host, and a release frees its row", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const taken = await Promise.all(Array.from({ length: cap }, () => policy.take(nextReport(), page(host))));
    expect(taken.every(isSlot)).toBe(true);
    expect((await slotRows(host)).results).toHaveLength(cap);
    await Promise.all(taken.filter(isSlot).map((slot) => slot.release()));
    expect((await slotRows(host)).results).toHaveLength(0);
  });

  it("lets the invocation's next message of a host wait in process for one of its turns, not the queue", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const first = await Promise.all(Array.from({ length: cap }, () => policy.take(nextReport(), page(host))));
    const extra = policy.take(nextReport(), page(host));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await slotRows(host)).results).toHaveLength(cap);
    await (first[0] as HostSlot).release();
    const late = await extra;
    expect(isSlot(late)).toBe(true);
    await Promise.all([...first.slice(1), late].filter(isSlot).map((slot) => slot.release()));
  });

  it("says wait when other invocations hold the host's slots, and only its first message waits for one", async () => {
    const host = newHost();
    const other = createHostPolicy(db, "slow", settings);
    const held = await Promise.all(Array.from({ length: cap }, () => other.take(nextReport(), page(host))));
    const policy = createHostPolicy(db, "slow", settings);
    let started = Date.now();
    expect(await policy.take(nextReport(), page(host))).toBe("wait");
    // The first waited about a second (HOST_WAIT_MS) for another invocation's slot ...
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    started = Date.now();
    expect(await policy.take(nextReport(), page(host))).toBe("wait");
    // ... the host is crowded now: the next does not wait.
    expect(Date.now() - started).toBeLessThan(500);
    await Promise.all(held.filter(isSlot).map((slot) => slot.release()));
  });

  it("gives the main lane its own HOST_CONCURRENCY slots of a host whose slow-lane slots are all taken", async () => {
    const host = newHost();
    const slow = await Promise.all(Array.from({ length: cap }, () => createHostPolicy(db, "slow", settings).take(nextReport(), page(host))));
    expect(slow.every(isSlot)).toBe(true);
    const main = createHostPolicy(db, "main", settings);
    const taken = await Promise.all(Array.from({ length: cap }, () => main.take(nextReport(), page(host))));
    expect(taken.every(isSlot)).toBe(true);
    const lanes = (await slotRows(host)).results.map((row) => row.lane);
    expect(lanes.filter((lane) => lane === "slow")).toHaveLength(cap);
    expect(lanes.filter((lane) => lane === "main")).toHaveLength(cap);
    // Still bounded per lane: another invocation's main lane waits for the host.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), page(host))).toBe("wait");
    await Promise.all([...slow, ...taken].filter(isSlot).map((slot) => slot.release()));
    expect((await slotRows(host)).results).toHaveLength(0);
  });

  it("remembers a URL that missed the first deadline: its reports go to the slow lane untried, the host's other URLs do not", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    // The site answers its other pages in time.
    await ((await policy.take(nextReport(), page(host))) as HostSlot).release("fast");
    const hanging = page(host);
    const slot = await policy.take(nextReport(), hanging);
    expect(isSlot(slot)).toBe(true);
    await (slot as HostSlot).release("slow");
    // The slot is free and the URL remembered, written together.
    expect((await slotRows(host)).results).toHaveLength(0);
    expect(await slowUrl(hanging)).toEqual({ url: hanging });
    expect(await policy.take(nextReport(), hanging)).toBe("slow");
    // Another invocation's main lane knows it too (from D1, not from the first invocation's memory) ...
    const other = createHostPolicy(db, "main", settings);
    expect(await other.take(nextReport(), hanging)).toBe("slow");
    // ... and the same site's other URLs stay in the main lane.
    const sibling = await other.take(nextReport(), page(host));
    expect(isSlot(sibling)).toBe(true);
    await (sibling as HostSlot).release("fast");
  });

  it("judges a host that has a slow URL and answered nothing in time lately slow as a whole", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    await ((await policy.take(nextReport(), page(host))) as HostSlot).release("slow");
    // Nothing of the site answered: another of its pages would only pay the main lane a first deadline to show it.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), page(host))).toBe("slow");
    // Once the slow lane gets an answer in time from it, its other pages are tried in the main lane again.
    await ((await createHostPolicy(db, "slow", settings).take(nextReport(), page(host))) as HostSlot).release("fast");
    const next = await createHostPolicy(db, "main", settings).take(nextReport(), page(host));
    expect(isSlot(next)).toBe(true);
    await (next as HostSlot).release("fast");
  });

  it("keeps a URL slow while the slow lane finds it slow, and forgets it once the slow lane gets a fast answer", async () => {
    const host = newHost();
    const url = page(host);
    await (await createHostPolicy(db, "main", settings).take(nextReport(), url) as HostSlot).release("slow");
    const slowLane = createHostPolicy(db, "slow", settings);
    await (await slowLane.take(nextReport(), url) as HostSlot).release("slow");
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), url)).toBe("slow");
    await (await slowLane.take(nextReport(), url) as HostSlot).release("fast");
    expect(await slowUrl(url)).toBeNull();
    const main = await createHostPolicy(db, "main", settings).take(nextReport(), url);
    expect(isSlot(main)).toBe(true);
    await (main as HostSlot).release("fast");
  });
});

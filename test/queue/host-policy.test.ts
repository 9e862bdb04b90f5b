import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { config } from "../../src/config";
import { createDb } from "../../src/db/client";
import { createHostPolicy, type HostSlot } from "../../src/queue/host-policy";
import { PATH_SLOW_AFTER } from "../../src/queue/slowness";

/*
 * The host policy of one invocation (docs/operations.md "Per-host fairness") against the real analysis_host_slots and
 * analysis_slow_urls tables: its turns, its slots per lane and per account, its host probes, and when it sends a message
 * to wait or to the slow lane.
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

const probeRow = (host: string) =>
  env.DB.prepare("SELECT report_id IS NOT NULL AS running FROM analysis_host_probes WHERE host = ?").bind(host).first<{ running: number }>();

const slotAccounts = (host: string) =>
  env.DB.prepare("SELECT account_id, count(*) AS n FROM analysis_host_slots WHERE host = ? GROUP BY account_id ORDER BY account_id")
    .bind(host)
    .all<{ account_id: number; n: number }>();

const isSlot = (taken: HostSlot | "slow" | "wait"): taken is HostSlot => typeof taken === "object";

describe("the host policy", () => {
  it("gives up to HOST_CONCURRENCY slots of a host, and a release frees its row", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const taken = await Promise.all(Array.from({ length: cap }, () => policy.take(nextReport(), page(host), 1)));
    expect(taken.every(isSlot)).toBe(true);
    expect((await slotRows(host)).results).toHaveLength(cap);
    await Promise.all(taken.filter(isSlot).map((slot) => slot.release()));
    expect((await slotRows(host)).results).toHaveLength(0);
  });

  it("lets the invocation's next message of a host wait in process for one of its turns, not the queue", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    const first = await Promise.all(Array.from({ length: cap }, () => policy.take(nextReport(), page(host), 1)));
    const extra = policy.take(nextReport(), page(host), 1);
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
    const held = await Promise.all(Array.from({ length: cap }, () => other.take(nextReport(), page(host), 1)));
    const policy = createHostPolicy(db, "slow", settings);
    let started = Date.now();
    expect(await policy.take(nextReport(), page(host), 1)).toBe("wait");
    // The first waited about a second (HOST_WAIT_MS) for another invocation's slot ...
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    started = Date.now();
    expect(await policy.take(nextReport(), page(host), 1)).toBe("wait");
    // ... the host is crowded now: the next does not wait.
    expect(Date.now() - started).toBeLessThan(500);
    await Promise.all(held.filter(isSlot).map((slot) => slot.release()));
  });

  it("gives the main lane its own HOST_CONCURRENCY slots of a host whose slow-lane slots are all taken", async () => {
    const host = newHost();
    const slow = await Promise.all(Array.from({ length: cap }, () => createHostPolicy(db, "slow", settings).take(nextReport(), page(host), 1)));
    expect(slow.every(isSlot)).toBe(true);
    const main = createHostPolicy(db, "main", settings);
    const taken = await Promise.all(Array.from({ length: cap }, () => main.take(nextReport(), page(host), 1)));
    expect(taken.every(isSlot)).toBe(true);
    const lanes = (await slotRows(host)).results.map((row) => row.lane);
    expect(lanes.filter((lane) => lane === "slow")).toHaveLength(cap);
    expect(lanes.filter((lane) => lane === "main")).toHaveLength(cap);
    // Still bounded per lane: another invocation's main lane waits for the host.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 1)).toBe("wait");
    await Promise.all([...slow, ...taken].filter(isSlot).map((slot) => slot.release()));
    expect((await slotRows(host)).results).toHaveLength(0);
  });

  it("remembers a URL that missed the first deadline: its reports go to the slow lane untried, the host's other URLs do not", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    // The site answers its other pages in time.
    await ((await policy.take(nextReport(), page(host), 1)) as HostSlot).release("fast");
    const hanging = page(host);
    const slot = await policy.take(nextReport(), hanging, 1);
    expect(isSlot(slot)).toBe(true);
    await (slot as HostSlot).release("slow");
    // The slot is free and the URL remembered, written together.
    expect((await slotRows(host)).results).toHaveLength(0);
    expect(await slowUrl(hanging)).toEqual({ url: hanging });
    expect(await policy.take(nextReport(), hanging, 1)).toBe("slow");
    // Another invocation's main lane knows it too (from D1, not from the first invocation's memory) ...
    const other = createHostPolicy(db, "main", settings);
    expect(await other.take(nextReport(), hanging, 1)).toBe("slow");
    // ... and the same site's other URLs stay in the main lane.
    const sibling = await other.take(nextReport(), page(host), 1);
    expect(isSlot(sibling)).toBe(true);
    await (sibling as HostSlot).release("fast");
  });

  it("judges a host that has a slow URL and answered nothing in time lately slow as a whole, and probes it with one page at a time", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    await ((await policy.take(nextReport(), page(host), 1)) as HostSlot).release("slow");
    // Nothing of the site answered: one of its other pages still tries it in the main lane (the probe) ...
    const probe = await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 2);
    expect(isSlot(probe)).toBe(true);
    expect(await probeRow(host)).toMatchObject({ running: 1 });
    // ... one at a time: another waits for the probe's answer a moment, then goes back to the queue for it.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 2)).toBe("wait");
    // The probe missed too: the host rests, and its pages go to the slow lane untried.
    await (probe as HostSlot).release("slow");
    expect(await probeRow(host)).toMatchObject({ running: 0 });
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 2)).toBe("slow");
    // Once the slow lane gets an answer in time from it, its other pages are tried in the main lane again.
    await ((await createHostPolicy(db, "slow", settings).take(nextReport(), page(host), 1)) as HostSlot).release("fast");
    const next = await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 1);
    expect(isSlot(next)).toBe(true);
    await (next as HostSlot).release("fast");
  });

  it("lets a probe that answers in time vouch for its host: the pages waiting for it take main-lane slots", async () => {
    const host = newHost();
    const hanging = `https://${host}/search?q=1`;
    await ((await createHostPolicy(db, "main", settings).take(nextReport(), hanging, 1)) as HostSlot).release("slow");
    // Another URL of the path that hangs does not probe (it would only show the same again): the slow lane.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), `https://${host}/search?q=2`, 1)).toBe("slow");
    const probe = await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 2);
    expect(isSlot(probe)).toBe(true);
    // Another account's page waits for the probe's answer in the consumer, not in the queue.
    const waiting = createHostPolicy(db, "main", settings).take(nextReport(), page(host), 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await (probe as HostSlot).release("fast");
    const vouched = await waiting;
    expect(isSlot(vouched)).toBe(true);
    expect(await probeRow(host)).toBeNull();
    // The hanging URL itself stays in the slow lane.
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), hanging, 1)).toBe("slow");
    await (vouched as HostSlot).release("fast");
  });

  it(`judges a path slow once ${PATH_SLOW_AFTER} of its URLs are: its next new URL goes to the slow lane, the host's other paths do not`, async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    // The site answers its pages in time (it is not slow as a whole).
    await ((await policy.take(nextReport(), page(host), 1)) as HostSlot).release("fast");
    const search = (n: number) => `https://${host}/search?q=${n}`;
    for (let n = 1; n < PATH_SLOW_AFTER; n++) await ((await policy.take(nextReport(), search(n), 1)) as HostSlot).release("slow");
    // Fewer than PATH_SLOW_AFTER slow queries: a new one is still tried in the main lane.
    const tried = await createHostPolicy(db, "main", settings).take(nextReport(), search(100), 1);
    expect(isSlot(tried)).toBe(true);
    await (tried as HostSlot).release("slow");
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), search(101), 1)).toBe("slow");
    const other = await createHostPolicy(db, "main", settings).take(nextReport(), page(host), 1);
    expect(isSlot(other)).toBe(true);
    await (other as HostSlot).release("fast");
  });

  it("shares a host's slots between the accounts waiting for it: one account's slots pass to another as they free", async () => {
    const host = newHost();
    const first = await Promise.all(Array.from({ length: cap }, () => createHostPolicy(db, "slow", settings).take(nextReport(), page(host), 1)));
    expect(first.every(isSlot)).toBe(true);
    // Alone, account 1 took every slot; account 2 waits for the host ...
    expect(await createHostPolicy(db, "slow", settings).take(nextReport(), page(host), 2)).toBe("wait");
    // ... so a freed slot of account 1 is not account 1's again while it holds its share (ceil(cap / 2)) or more ...
    const shareOf2 = Math.ceil(cap / 2);
    for (let n = 0; n < cap - shareOf2; n++) {
      await (first[n] as HostSlot).release("fast");
      expect(await createHostPolicy(db, "slow", settings).take(nextReport(), page(host), 1)).toBe("wait");
    }
    // ... but account 2's, up to its share.
    const second = await Promise.all(Array.from({ length: cap - shareOf2 }, () => createHostPolicy(db, "slow", settings).take(nextReport(), page(host), 2)));
    expect(second.every(isSlot)).toBe(true);
    const held = (await slotAccounts(host)).results;
    expect(held).toEqual([
      { account_id: 1, n: shareOf2 },
      { account_id: 2, n: cap - shareOf2 },
    ]);
    await Promise.all([...first.slice(cap - shareOf2), ...second].filter(isSlot).map((slot) => slot.release("fast")));
  });

  it("keeps a URL slow while the slow lane finds it slow, and forgets it once the slow lane gets a fast answer", async () => {
    const host = newHost();
    const url = page(host);
    await (await createHostPolicy(db, "main", settings).take(nextReport(), url, 1) as HostSlot).release("slow");
    const slowLane = createHostPolicy(db, "slow", settings);
    await (await slowLane.take(nextReport(), url, 1) as HostSlot).release("slow");
    expect(await createHostPolicy(db, "main", settings).take(nextReport(), url, 1)).toBe("slow");
    await (await slowLane.take(nextReport(), url, 1) as HostSlot).release("fast");
    expect(await slowUrl(url)).toBeNull();
    const main = await createHostPolicy(db, "main", settings).take(nextReport(), url, 1);
    expect(isSlot(main)).toBe(true);
    await (main as HostSlot).release("fast");
  });

  it("writes a host's answer in time once in ANSWER_WRITE_EVERY_MS per isolate; only the slow lane's fast pages forget a slow URL", async () => {
    const host = newHost();
    const policy = createHostPolicy(db, "main", settings);
    // The main lane's fast page: its slot freed and its host's answer; its URL was not remembered (else the main lane
    // would not have tried it), so nothing to forget.
    const first = (await policy.take(nextReport(), page(host), 1)) as HostSlot;
    expect(first.releasing("fast").statements).toHaveLength(2);
    await first.release("fast");
    const answered = await env.DB.prepare("SELECT answered_at FROM analysis_host_answers WHERE host = ?").bind(host).first<{ answered_at: number }>();
    expect(answered?.answered_at).toBeGreaterThan(0);
    // The next fast page of the host leaves the answer out: its slot's release alone. A lapsed mark of its URL (the
    // cron drops it) neither keeps it from the main lane nor needs forgetting.
    const url = page(host);
    await env.DB.prepare("INSERT INTO analysis_slow_urls (url, host, path, slow_until) VALUES (?, ?, ?, 0)").bind(url, host, url).run();
    const second = (await policy.take(nextReport(), url, 1)) as HostSlot;
    expect(isSlot(second)).toBe(true);
    expect(second.releasing("fast").statements).toHaveLength(1);
    await second.release("fast");
    expect(await slowUrl(url)).not.toBeNull();
    // The slow lane's fast page forgets its URL; it also leaves the answer out when the isolate wrote it lately (the
    // other lane's invocation included); a host it has not written gets its row.
    const other = createHostPolicy(db, "slow", settings);
    const again = (await other.take(nextReport(), url, 1)) as HostSlot;
    expect(again.releasing("fast").statements).toHaveLength(2);
    await again.release("fast");
    expect(await slowUrl(url)).toBeNull();
    const elsewhere = newHost();
    const fresh = (await other.take(nextReport(), page(elsewhere), 1)) as HostSlot;
    expect(fresh.releasing("fast").statements).toHaveLength(3);
    await fresh.release("fast");
    expect(await env.DB.prepare("SELECT 1 AS one FROM analysis_host_answers WHERE host = ?").bind(elsewhere).first()).not.toBeNull();
  });
});

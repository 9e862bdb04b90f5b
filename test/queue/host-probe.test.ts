import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PATH_SLOW_AFTER } from "../../src/queue/slowness";
import { createCaller, type Caller } from "../helpers/api";
import { answerOnce, create, requestsTagged, waitForRows, waitForSlowUrl, waitUntil } from "../helpers/lanes";
import { requeueCounts } from "../helpers/queue-tally";

/*
 * No site waits for its first answer (docs/operations.md "Slow lane and retries"), through the real queues: a host
 * slow as a whole (a slow URL, nothing answered in time lately) still has one page at a time tried in the main lane,
 * and the first that answers vouches for it. This file's D1 is its own, so each host is seen for the first time by the
 * test that uses it first: the first test 127.0.0.2 (OTHER_HOST), the second 127.0.0.1 (PAGE_SERVER). The timed
 * project's env: first deadline 1 s, full deadline 3 s, 2 attempts, 4 analyses per host and lane.
 */
const FULL_DEADLINE_MS = Number(env.FETCH_TIMEOUT_MS);
const ORDINARY = 8;
// Enough hanging reports that they keep the slow lane's share of the site (4 at a time, 2 attempts of 3 s) busy for
// about 15 s: pages sent after them would wait that long.
const HANGING = 10;
const ended = (r: { status: string }) => r.status === "completed" || r.status === "failed";
/** How many of the host's messages moved to the slow lane so far, having missed the first deadline or untried. */
const movedToSlowLane = (host: string) => {
  const counts = requeueCounts(host);
  return counts.missedFirstDeadline + counts.sentToSlowLane;
};

/**
 * One account's hanging reports on a site seen for the first time; once the site is slow as a whole, another
 * account's ordinary pages of it: they complete in the main lane while the hanging ones are still pending.
 */
async function coldSite(hanging: Caller, ordinary: Caller, origin: string, hangingUrl: (n: number) => string) {
  const host = new URL(origin).hostname;
  const movedBefore = movedToSlowLane(host);
  const stuck = [];
  for (let n = 0; n < HANGING; n++) stuck.push(await create(hanging, hangingUrl(n)));
  // The first of them missed the first deadline: the site has a slow URL and has never answered, slow as a whole.
  await waitForSlowUrl(hangingUrl(0));
  const tag = `cold-${host}-${Date.now()}`;
  const pages = [];
  for (let n = 0; n < ORDINARY; n++) pages.push(await create(ordinary, `${origin}/fixtures/known-page.html?${tag}=${n}`));
  // The bound is loose for a loaded machine; what shows the probe is that no ordinary page moved (below).
  const rows = await waitForRows(pages, 4 * FULL_DEADLINE_MS);
  expect(rows.map((r) => r.status)).toEqual(pages.map(() => "completed"));
  const waits = rows.map((r) => Date.parse(r.generated_at!) - Date.parse(r.created_at)).sort((a, b) => a - b);
  expect(waits.at(-1), waits.join(", ")).toBeLessThan(4 * FULL_DEADLINE_MS);
  // While they completed, the hanging reports were still pending in the slow lane (they take 2 attempts of 3 s each) ...
  const hangingNow = await waitForRows(stuck, 0);
  expect(hangingNow.filter(ended).length).toBeLessThan(HANGING);
  // ... and no ordinary page went there: the only messages of the site that moved are the hanging ones, once each,
  // and each ordinary page was fetched once (a page moved to the slow lane after a try is fetched again).
  // (A batch's tally is told when the whole batch ended.)
  await waitUntil(async () => movedToSlowLane(host) - movedBefore >= HANGING, 5000);
  expect(movedToSlowLane(host) - movedBefore).toBe(HANGING);
  expect(await requestsTagged(tag, origin)).toBe(ORDINARY);
  return stuck;
}

describe("a site seen for the first time, slow as a whole, is still probed in the main lane", () => {
  let hanging: Caller;
  let ordinary: Caller;
  beforeAll(async () => {
    hanging = await createCaller("probe-hanging");
    ordinary = await createCaller("probe-ordinary");
  });

  it("completes another account's pages of a site seen for the first time while its one hanging URL's reports are pending", async () => {
    const url = `${env.OTHER_HOST}/hostile/hang?probe-one-url`;
    const stuck = await coldSite(hanging, ordinary, env.OTHER_HOST, () => url);
    // The hanging URL's reports still end, in the slow lane, as timeouts.
    const rows = await waitForRows(stuck, 60_000);
    expect(rows.map((r) => [r.status, r.error_code])).toEqual(stuck.map(() => ["failed", "timeout"]));
  }, 100_000);

  it("completes another account's pages of a site seen for the first time while many URLs of one path hang (a search endpoint)", async () => {
    const tag = `probe-search-${Date.now()}`;
    const stuck = await coldSite(hanging, ordinary, env.PAGE_SERVER, (n) => `${env.PAGE_SERVER}/hostile/hang?${tag}=${n}`);
    const rows = await waitForRows(stuck, 60_000);
    expect(rows.map((r) => [r.status, r.error_code])).toEqual(stuck.map(() => ["failed", "timeout"]));
    // Each hanging URL was tried once in the main lane at most (the first ones, before the site was slow as a whole
    // or its path had a slow URL), then twice in the slow lane.
    const requests = await requestsTagged(tag);
    expect(requests).toBeGreaterThanOrEqual(HANGING * Number(env.ANALYSIS_MAX_ATTEMPTS) + 1);
    expect(requests).toBeLessThan(HANGING * (Number(env.ANALYSIS_MAX_ATTEMPTS) + 1));
  }, 100_000);
});

describe("path slowness", () => {
  it(`sends a new URL of a path with ${PATH_SLOW_AFTER} slow URLs straight to the slow lane, and keeps the site's other pages in the main lane`, async () => {
    const caller = await createCaller("probe-path");
    const host = new URL(env.PAGE_SERVER).hostname;
    // A healthy site (it answered lately) whose search answers after 5 s, past the full deadline, whatever it is asked.
    await answerOnce(caller, env.PAGE_SERVER);
    const tag = `probe-path-${Date.now()}`;
    const search = (n: number) => `${env.PAGE_SERVER}/hostile/slow/5000?${tag}=${n}`;
    const before = requeueCounts(host);
    const ids = [];
    for (let n = 0; n < PATH_SLOW_AFTER; n++) {
      ids.push(await create(caller, search(n)));
      await waitForSlowUrl(search(n));
    }
    await waitUntil(async () => requeueCounts(host).missedFirstDeadline - before.missedFirstDeadline === PATH_SLOW_AFTER, 5000);
    // A query never asked before goes to the slow lane untried: the site sees only its slow-lane attempt(s).
    const fresh = await create(caller, search(100));
    await waitUntil(async () => requeueCounts(host).sentToSlowLane - before.sentToSlowLane === 1, 5000);
    expect(requeueCounts(host).missedFirstDeadline - before.missedFirstDeadline).toBe(PATH_SLOW_AFTER);
    // The site is not slow as a whole: its other pages still complete in the main lane, fetched once.
    const page = await create(caller, `${env.PAGE_SERVER}/fixtures/known-page.html?${tag}-page`);
    expect((await waitForRows([page], 2 * FULL_DEADLINE_MS))[0]!.status).toBe("completed");
    expect(await requestsTagged(`${tag}-page`)).toBe(1);
    const rows = await waitForRows([...ids, fresh], 30_000);
    expect(rows.map((r) => [r.status, r.error_code])).toEqual(rows.map(() => ["failed", "timeout"]));
    expect(await requestsTagged(`${tag}=100`)).toBe(Number(env.ANALYSIS_MAX_ATTEMPTS));
  }, 60_000);
});

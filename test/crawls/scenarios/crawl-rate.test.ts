import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller } from "../../helpers/api";
import { site, siteRequests, startCrawl, waitForCrawl } from "../../helpers/crawl";

// This file's project ("field") sets CRAWL_INTERVAL_MS 20 and CRAWL_SLOW_TTFB_MS 1000 (vitest.config.ts), so the pace
// moves within a test's time.
const FLOOR_MS = Number(env.CRAWL_INTERVAL_MS);
const SLOW_MS = Number(env.CRAWL_SLOW_TTFB_MS);

/** Steers a paced site (test/server/paced-site.ts): from now on its pages answer after `delay` ms with `status`. */
async function steer(prefix: string, mode: { delay?: number; status?: number; retry_after?: number }) {
  const query = new URLSearchParams(Object.entries(mode).map(([k, v]) => [k, String(v)]));
  await fetch(site(`/${prefix}/__mode?${query}`));
}

const statsOf = async (prefix: string) =>
  (await (await fetch(site(`/${prefix}/__stats`))).json()) as { inFlight: number; maxInFlight: number; served: Record<string, number> };

type Pace = { status: string; rate: number; current_rate: number; current_interval_ms: number; pages: Record<string, number> };

/** Polls the crawl resource until `done` holds (or the crawl has finished); returns every pace seen on the way. */
async function watchCrawl(key: string, id: number, done: (crawl: Pace) => boolean, timeoutMs = 40_000) {
  const seen: Pace[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const crawl = (await call(`/api/v1/crawls/${id}`, { key })).json.data as Pace;
    seen.push(crawl);
    if (done(crawl) || crawl.status !== "running" && crawl.status !== "discovering" || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a crawl's rate", () => {
  it("is stored and shown; above the account's cap it is a 422", async () => {
    const caller = await createCaller("rate-cap");
    const over = await startCrawl(caller.key, { url: site("/pace-fast/sitemap.xml"), rate: 9 });
    expect(over.status).toBe(422);
    expect(over.json.errors).toHaveProperty("rate");
    await env.DB.prepare("UPDATE accounts SET max_crawl_rate = 2 WHERE id = ?").bind(caller.accountId).run();
    const capped = await startCrawl(caller.key, { url: site("/pace-fast/sitemap.xml"), rate: 3 });
    expect(capped.status, capped.text).toBe(422);
    expect(capped.json.errors.rate).toEqual(["The rate field must be between 1 and 2 for this account."]);
    const within = await startCrawl(caller.key, { url: site("/pace-fast/sitemap.xml"), source: "sitemap", limit: 1, rate: 2 });
    expect(within.status, within.text).toBe(201);
    expect(within.json.data).toMatchObject({ rate: 2, current_rate: 1, current_interval_ms: FLOOR_MS });
    expect((await call(`/api/v1/crawls/${within.json.data.id}?fields=rate,current_rate`, { key: caller.key })).json.data).toEqual({
      id: within.json.data.id,
      rate: 2,
      current_rate: 1,
    });
    expect((await waitForCrawl(caller.key, within.json.data.id)).status).toBe("completed");
  });

  it("overlaps fetches up to the rate on a fast site, never more", async () => {
    const { key } = await createCaller("rate-overlap");
    // Fast for the pace (well under the slow threshold), slow enough that overlapping fetches are seen in flight.
    await steer("pace-fast", { delay: 150 });
    const res = await startCrawl(key, { url: site("/pace-fast/sitemap.xml"), source: "sitemap", rate: 4 });
    expect(res.status, res.text).toBe(201);
    const seen = await watchCrawl(key, res.json.data.id, () => false, 50_000);
    const crawl = seen.at(-1)!;
    expect(crawl).toMatchObject({ status: "completed", rate: 4, pages: expect.objectContaining({ audited: 40 }) });
    expect(Math.max(...seen.map((pace) => pace.current_rate))).toBe(4);
    const stats = await statsOf("pace-fast");
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect(stats.maxInFlight).toBeLessThanOrEqual(4);
  }, 60_000);

  it("drops to one fetch at a time and grows its interval while the site answers slowly, and recovers once it is fast", async () => {
    const { key } = await createCaller("rate-slow");
    await steer("pace-slow", { delay: 0 });
    const res = await startCrawl(key, { url: site("/pace-slow/sitemap.xml"), source: "sitemap", rate: 4 });
    expect(res.status, res.text).toBe(201);
    const id = res.json.data.id;
    const warm = await watchCrawl(key, id, (crawl) => crawl.current_rate >= 2);
    // Polled every 100 ms: the rate may have climbed a step further by the time it is seen.
    expect(warm.at(-1)).toMatchObject({ status: "running" });
    expect(warm.at(-1)!.current_rate).toBeGreaterThanOrEqual(2);

    // Time to first byte past the threshold: down to one fetch at a time, then a growing interval.
    await steer("pace-slow", { delay: SLOW_MS + 300 });
    const slowed = await watchCrawl(key, id, (crawl) => crawl.current_rate === 1 && crawl.current_interval_ms > FLOOR_MS);
    expect(slowed.at(-1)).toMatchObject({ status: "running", current_rate: 1 });
    expect(slowed.at(-1)!.current_interval_ms).toBeGreaterThan(FLOOR_MS);

    // Fast again: the interval comes back to its floor, then the rate climbs.
    await steer("pace-slow", { delay: 0 });
    const recovered = await watchCrawl(key, id, () => false, 50_000);
    const last = recovered.at(-1)!;
    expect(last).toMatchObject({ status: "completed", pages: expect.objectContaining({ audited: 40, failed: 0 }) });
    expect(recovered.some((pace) => pace.current_interval_ms === FLOOR_MS && pace.current_rate >= 2)).toBe(true);
    expect(last.current_interval_ms).toBe(FLOOR_MS);
  }, 90_000);

  it("waits out a 503's Retry-After, then audits the pages once the site has recovered", async () => {
    const { key } = await createCaller("rate-busy");
    await steer("pace-busy", { status: 503, retry_after: 2 });
    const res = await startCrawl(key, { url: site("/pace-busy/sitemap.xml"), source: "sitemap", rate: 4, limit: 12 });
    expect(res.status, res.text).toBe(201);
    const id = res.json.data.id;
    // The first answer is a 503: the site recovers right after it.
    for (let i = 0; i < 400 && !(await statsOf("pace-busy")).served["503"]; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await steer("pace-busy", { status: 200 });
    const busy = (await call(`/api/v1/crawls/${id}`, { key })).json.data;
    expect(busy).toMatchObject({ status: "running", current_rate: 1 });

    const crawl = await waitForCrawl(key, id, 40_000);
    expect(crawl).toMatchObject({ status: "completed", pages: expect.objectContaining({ audited: 12, failed: 0 }) });
    expect((await statsOf("pace-busy")).served["503"]).toBe(1);
    // Nothing was asked of the site for the 2 s Retry-After asked for, after the 503.
    const times = (await siteRequests("/pace-busy/p")).map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(13);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1900);
  }, 60_000);
});

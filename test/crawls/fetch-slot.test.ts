import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller } from "../helpers/api";
import { crawlPagesOf, site, siteRequests, startCrawl, waitForCrawl } from "../helpers/crawl";
import { waitForReport } from "../helpers/wait-report";

const INTERVAL_MS = Number(env.CRAWL_INTERVAL_MS);

describe("crawl politeness", () => {
  it("never sends two page fetches of one crawl closer than CRAWL_INTERVAL_MS", async () => {
    const { key } = await createCaller();
    const res = await startCrawl(key, { url: site("/polite/sitemap.xml"), source: "sitemap" });
    expect(res.status, res.text).toBe(201);
    const crawl = await waitForCrawl(key, res.json.data.id);
    expect(crawl.status).toBe("completed");
    expect(crawl.pages).toMatchObject({ found: 8, audited: 8 });
    const times = (await siteRequests("/polite/p")).map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(8);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps), JSON.stringify(gaps)).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it("cancelling mid-crawl fetches nothing more and leaves the rest pending", async () => {
    const { key } = await createCaller();
    const res = await startCrawl(key, { url: site("/slow/sitemap.xml"), source: "sitemap" });
    const id = res.json.data.id;
    for (let i = 0; i < 200; i++) {
      const pages = await crawlPagesOf(key, id);
      if (pages.filter((p) => p.state === "audited").length >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const cancel = await call(`/api/v1/crawls/${id}/cancel`, { key, method: "POST" });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json.data.status).toBe("cancelled");
    const cancelledAt = Date.now();
    const before = (await siteRequests("/slow/p")).length;
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await siteRequests("/slow/p");
    // At most the one fetch already under way when the cancel landed.
    expect(after.length - before).toBeLessThanOrEqual(1);
    expect(after.filter((r) => r.at > cancelledAt + 500)).toEqual([]);

    const crawl = (await call(`/api/v1/crawls/${id}`, { key })).json.data;
    expect(crawl.status).toBe("cancelled");
    expect(crawl.pages.pending).toBeGreaterThan(20);
    const pending = (await crawlPagesOf(key, id)).filter((p) => p.state === "pending");
    const report = await waitForReport(key, pending.at(-1)!.report!);
    expect(report.error).toMatchObject({ code: "crawl_cancelled" });
    expect((await call(`/api/v1/crawls/${id}/cancel`, { key, method: "POST" })).status).toBe(409);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller } from "../helpers/api";
import { crawlPagesOf, site, startCrawl, waitForCrawl } from "../helpers/crawl";

/*
 * A crawl's pages get their reports in batches that also count them as crawled pages: at the account's monthly
 * quota the crawl stops growing like a truncated crawl (the pages past it are not crawled) and says why in `error`.
 */
/** A new account with `quota` crawled pages a month, and its crawl of `form` run to its end. */
async function crawlWithQuota(name: string, quota: number, form: Record<string, string | number>) {
  const caller = await createCaller(name);
  await env.DB.prepare("UPDATE accounts SET quota_crawl_pages = ? WHERE id = ?").bind(quota, caller.accountId).run();
  const started = await startCrawl(caller.key, form);
  expect(started.status, started.text).toBe(201);
  return { caller, crawl: await waitForCrawl(caller.key, started.json.data.id, 60_000) };
}

describe("crawled pages against the monthly quota", () => {
  it("crawls up to the quota, counts each crawled page, and completes truncated with error quota_exceeded", async () => {
    const { caller, crawl } = await crawlWithQuota("crawl-quota", 3, { url: site("/many/sitemap.xml"), source: "sitemap", limit: 6 });
    const now = new Date();
    const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect(crawl, JSON.stringify(crawl)).toMatchObject({
      status: "completed",
      truncated: true,
      pages: { audited: 3, failed: 0, pending: 0 },
      error: {
        code: "quota_exceeded",
        message: `The account's monthly quota of crawled pages was reached: the pages past it were not crawled. It resets at ${resets}.`,
      },
    });
    const pages = await crawlPagesOf(caller.key, crawl.id);
    expect(pages.map((p) => p.url)).toEqual([1, 2, 3].map((n) => site(`/many/p${n}`)));
    const usage = await call("/api/v1/usage", { key: caller.key });
    expect(usage.json.data.crawl_pages).toEqual({ used: 3, limit: 3, resets_at: resets });
    // Crawl pages are counted as crawled pages, not as reports analysed.
    expect(usage.json.data.reports.used).toBe(0);

    // The quota used up, the next crawl is refused like a report: 429 quota_exceeded, no crawl row.
    const again = await startCrawl(caller.key, { url: site("/many/sitemap.xml"), source: "sitemap", limit: 6 });
    expect(again.status, again.text).toBe(429);
    expect(again.json).toMatchObject({ status: 429, code: "quota_exceeded", counter: "crawl_pages", resets_at: resets });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM crawls WHERE account_id = ?").bind(caller.accountId).first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.crawl_pages.used).toBe(3);
  });

  it("stops a crawl that follows links at the quota too: the links found past it are not crawled", async () => {
    const { caller, crawl } = await crawlWithQuota("crawl-quota-links", 2, { url: site("/mixed/"), source: "links", limit: 10 });
    expect(crawl, JSON.stringify(crawl)).toMatchObject({ status: "completed", truncated: true, pages: { pending: 0 }, error: { code: "quota_exceeded" } });
    const pages = await crawlPagesOf(caller.key, crawl.id);
    expect(pages.map((p) => p.url)).toEqual([site("/mixed/"), site("/mixed/a")]);
    expect(crawl.pages.audited + crawl.pages.failed).toBe(2);
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.crawl_pages.used).toBe(2);
  });

  it("counts every page of a crawl of an account without quotas, error null", async () => {
    const caller = await createCaller("crawl-no-quota");
    const started = await startCrawl(caller.key, { url: site("/many/sitemap.xml"), source: "sitemap", limit: 4 });
    const crawl = await waitForCrawl(caller.key, started.json.data.id, 60_000);
    expect(crawl, JSON.stringify(crawl)).toMatchObject({ status: "completed", pages: { audited: 4 }, error: null });
    expect((await call("/api/v1/usage", { key: caller.key })).json.data.crawl_pages).toMatchObject({ used: 4, limit: null });
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller } from "../helpers/api";
import { crawlPagesOf, site, waitForCrawl } from "../helpers/crawl";
import { waitForReport } from "../helpers/wait-report";
import { deliverMessage } from "../helpers/webhooks";

/*
 * Discovery writes a crawl's pages, gives them their reports and queues them SITE_CHECK_BATCH at a time (1,000 in the
 * tests' env: one chunk for every other crawl test). Here the discovery job is delivered with SITE_CHECK_BATCH=2, so
 * the 7 pages go in four chunks (2, 2, 2, 1): each must be audited once, with one report, as in one chunk.
 */
describe("discovery in chunks of SITE_CHECK_BATCH pages", () => {
  it("audits every page of a crawl discovered 2 at a time once, each with its own report, regenerating the account's report of a URL", async () => {
    const caller = await createCaller("discovery-chunks");
    const first = site("/many/p1");
    const existing = await call("/api/v1/reports", { key: caller.key, form: { url: first } });
    expect(existing.status, existing.text).toBe(201);
    await waitForReport(caller.key, existing.json.data.id);

    const row = await env.DB.prepare(
      `INSERT INTO crawls (account_id, project, url, source, status, "limit", interval_ms) VALUES (?, ?, ?, 'sitemap', 'discovering', 7, 10) RETURNING id`,
    )
      .bind(caller.accountId, new URL(first).hostname, site("/many/sitemap.xml"))
      .first<{ id: number }>();
    const delivered = await deliverMessage("pagegrade-crawl", { kind: "discover", crawlId: row!.id }, { SITE_CHECK_BATCH: "2" });
    expect(delivered.explicitAcks).toHaveLength(1);

    const crawl = await waitForCrawl(caller.key, row!.id, 60_000);
    expect(crawl, JSON.stringify(crawl)).toMatchObject({ status: "completed", truncated: true, pages: { found: 30, audited: 7, failed: 0, pending: 0 } });
    const pages = await crawlPagesOf(caller.key, crawl.id);
    expect(pages.map((page) => page.url)).toEqual(Array.from({ length: 7 }, (_, i) => site(`/many/p${i + 1}`)));
    expect(pages.every((page) => page.state === "audited")).toBe(true);
    expect(new Set(pages.map((page) => page.report)).size).toBe(7);
    expect(pages[0]!.report).toBe(existing.json.data.id);
    const reports = await env.DB.prepare("SELECT count(*) AS n, sum(status = 'completed') AS done FROM reports WHERE account_id = ?")
      .bind(caller.accountId)
      .first<{ n: number; done: number }>();
    expect(reports).toEqual({ n: 7, done: 7 });
    const regenerated = await env.DB.prepare("SELECT generation FROM reports WHERE id = ?").bind(existing.json.data.id).first<{ generation: number }>();
    expect(regenerated!.generation).toBeGreaterThan(1);
  });
});

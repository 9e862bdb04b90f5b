import { describe, expect, it } from "vitest";
import { call, createCaller } from "../helpers/api";
import { crawlPagesOf, site, siteRequests, startCrawl, waitForCrawl } from "../helpers/crawl";
import { waitForReport } from "../helpers/wait-report";

describe("crawl discovery", () => {
  it("source=links follows same-host links breadth first, never fetching robots-disallowed ones", async () => {
    const { key } = await createCaller();
    // A report the account already has for one of the pages: the crawl regenerates it instead of adding one.
    const existing = await call("/api/v1/reports", { key, form: { url: site("/site/a") } });
    await waitForReport(key, existing.json.data.id);

    const res = await startCrawl(key, { url: site("/site/"), source: "links" });
    const crawl = await waitForCrawl(key, res.json.data.id, 60_000);
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    const pages = await crawlPagesOf(key, crawl.id);
    const byUrl = new Map(pages.map((p) => [p.url, p]));
    expect(byUrl.get(site("/site/"))).toMatchObject({ depth: 0, state: "audited", in_sitemap: false, found_via: "links" });
    expect(byUrl.get(site("/site/a"))).toMatchObject({ depth: 1, state: "audited", report: existing.json.data.id });
    expect(byUrl.get(site("/site/private/secret"))).toMatchObject({ depth: 1, state: "blocked", report: null });
    expect(byUrl.has(site("/site/orphan"))).toBe(false);
    expect(byUrl.has(site("/site/mid"))).toBe(false);
    expect(pages).toHaveLength(14);
    expect(crawl.pages).toMatchObject({ found: 14, audited: 13, blocked: 1, pending: 0 });

    const checks = crawl.site_checks;
    for (const id of ["sitemap_non_200", "sitemap_noindex", "sitemap_canonicalised", "sitemap_blocked", "orphan_pages"]) {
      expect(checks[id], id).toEqual({ passed: true, applicable: false, count: 0, examples: [] });
    }
    expect(checks.broken_internal_links.examples).toEqual([{ url: site("/site/missing"), status: 404, linked_from: [site("/site/")] }]);
    expect(checks.duplicate_titles.passed).toBe(false);

    const report = (await call(`/api/v1/reports/${existing.json.data.id}`, { key })).json.data;
    expect(report.status).toBe("completed");
    const list = (await call("/api/v1/reports?per_page=100", { key })).json;
    expect(list.data.filter((r: { url: string }) => r.url === site("/site/a"))).toHaveLength(1);
    expect(await siteRequests("/site/private/")).toEqual([]);
  });

  it("limit caps the pages and says truncated", async () => {
    const { key } = await createCaller();
    const res = await startCrawl(key, { url: site("/many/sitemap.xml"), source: "sitemap", limit: 3 });
    const crawl = await waitForCrawl(key, res.json.data.id);
    expect(crawl).toMatchObject({ status: "completed", truncated: true, pages: { found: 30, audited: 3 } });
    expect(crawl.site_checks.orphan_pages.applicable).toBe(false);
  });

  const failing = [
    ["hangs", "/bad/hang.xml", "timeout"],
    ["is HTML", "/bad/html.xml", "sitemap_invalid"],
    ["is garbage", "/bad/garbage.xml", "sitemap_invalid"],
    ["loops", "/bad/loop-a.xml", "nothing_to_crawl"],
    ["lists other hosts only", "/bad/other-hosts.xml", "nothing_to_crawl"],
    ["lists private addresses only", "/bad/private.xml", "nothing_to_crawl"],
    ["is missing", "/bad/none.xml", "sitemap_http_error"],
  ] as const;
  it.each(failing)("a sitemap that %s fails the crawl with a clear error, never a stuck crawl", async (_, path, code) => {
    const { key } = await createCaller();
    const res = await startCrawl(key, { url: site(path), source: "sitemap" });
    expect(res.status, res.text).toBe(201);
    const crawl = await waitForCrawl(key, res.json.data.id);
    expect(crawl.status, JSON.stringify(crawl)).toBe("failed");
    expect(crawl.error.code).toBe(code);
    expect(crawl.error.message.length).toBeGreaterThan(10);
    expect(crawl.finished_at).not.toBeNull();
    if (path.includes("other") || path.includes("private")) expect(crawl.pages.skipped).toBeGreaterThanOrEqual(2);
  });
});

import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { crawlPagesOf, siteRequests, startCrawl, waitForCrawl } from "../../helpers/crawl";
import { chartTable } from "../../helpers/html";
import { BROKEN_TARGETS, MISSING_DESCRIPTIONS, PLANTED_PAGES, plantedPath } from "../../server/error-page-site";

// The planted site of issue 35 (test/server/error-page-site.ts): 60 pages found through the RSS feed robots.txt
// names, 6 without a meta description, and 4 URLs answering 404 with an HTML error page (the start URL and three link
// targets). Content checks count the 60 pages that answered 200, never the error pages (docs/crawls.md "Error pages").
const origin = env.ERROR_PAGE_SITE;
const url = (path: string) => `${origin}${path}`;
const missing = MISSING_DESCRIPTIONS.map((n) => url(plantedPath(n)));
const errorPages = [url("/"), ...BROKEN_TARGETS.map(url)];
const contentPages = Array.from({ length: PLANTED_PAGES }, (_, i) => url(plantedPath(i + 1)));
const setMissing = async (pages: number[]) => expect((await fetch(url(`/__descriptions?missing=${pages.join(",")}`))).status).toBe(200);

async function crawlSite(caller: Caller) {
  const res = await startCrawl(caller.key, { url: url("/"), rate: 4 });
  expect(res.status, res.text).toBe(201);
  const crawl = await waitForCrawl(caller.key, res.json.data.id, 150_000);
  expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
  return crawl;
}

describe("a crawl of a site with error pages among its pages", () => {
  let caller: Caller;
  let first: Record<string, any>;
  let second: Record<string, any>;
  const issues = (id: number, path = "") => call(`/api/v1/crawls/${id}/issues${path}${path.includes("?") ? "&" : "?"}per_page=100`, { key: caller.key });
  const rowsOf = async (id: number) => new Map(((await issues(id)).json.data as Record<string, any>[]).map((row) => [row.check, row]));

  beforeAll(async () => {
    caller = await createCaller("error pages");
    await setMissing(MISSING_DESCRIPTIONS);
    first = await crawlSite(caller);
  }, 200_000);

  afterAll(() => setMissing(MISSING_DESCRIPTIONS));

  it("reads the 60 pages from the feed robots.txt names (no .xml) and follows their links to the broken targets", async () => {
    expect(first.pages).toEqual({ found: 64, audited: 64, failed: 0, blocked: 0, skipped: 0, pending: 0 });
    const pages = await crawlPagesOf(caller.key, first.id);
    expect(pages.filter((p) => p.in_sitemap).map((p) => p.url)).toEqual(contentPages);
    expect(pages.filter((p) => !p.in_sitemap).map((p) => [p.url, p.found_via]).sort()).toEqual(errorPages.map((u) => [u, "links"]).sort());
    expect((await siteRequests("/news/feed", origin)).length).toBeGreaterThanOrEqual(1);
    expect(await siteRequests("/sitemap.xml", origin)).toEqual([]);
    expect(first.site_checks.sitemap_non_200).toMatchObject({ applicable: true, passed: true });
  });

  it("/issues counts meta_description on the 6 pages that answered 200 without one, not on the 404 pages", async () => {
    const rows = await rowsOf(first.id);
    // Its share is of the 60 pages it counts, not of all 64 audited.
    expect(rows.get("meta_description")).toMatchObject({ kind: "page", pages: 6, share: 0.1, examples: missing.slice(0, 5) });
    // No content check counts an error page: only http_status does, and the link check.
    for (const [check, row] of rows) {
      if (check === "http_status" || row.kind === "site") continue;
      for (const example of row.examples) expect(errorPages, `${check}: ${example}`).not.toContain(example);
      expect(row.pages, check).toBeLessThanOrEqual(PLANTED_PAGES);
    }
    expect(rows.get("http_status")).toMatchObject({ kind: "page", pages: 4, share: 0.063 });
    expect([...rows.get("http_status")!.examples].sort()).toEqual([...errorPages].sort());
    expect(rows.get("broken_internal_links")).toMatchObject({ kind: "site", pages: 3 });
    expect(first.site_checks.broken_internal_links.examples.map((e: { url: string; status: number }) => [e.url, e.status])).toEqual(
      BROKEN_TARGETS.map((path) => [url(path), 404]),
    );
    // Each error page's own report still says what it misses: the rule is the crawl's counting, not the report's.
    const start = (await crawlPagesOf(caller.key, first.id)).find((p) => p.url === url("/"))!;
    const report = await call(`/api/v1/reports/${start.report}`, { key: caller.key });
    expect(report.json.data.results.meta_description.passed).toBe(false);
    expect(report.json.data.results.http_status).toMatchObject({ passed: false, value: 404 });
  });

  it("the drill-down lists those 6 pages for meta_description, and the 4 error pages for http_status", async () => {
    const described = await issues(first.id, "/meta_description");
    expect(described.status, described.text).toBe(200);
    expect(described.json.data.map((row: { url: string }) => row.url)).toEqual(missing);
    expect(described.json.meta.total).toBe(6);
    const status = await issues(first.id, "/http_status");
    expect(status.json.data.map((row: { url: string }) => row.url).sort()).toEqual([...errorPages].sort());
    for (const row of status.json.data) expect(row).toMatchObject({ current: true, value: 404 });
  });

  it("scores the crawl over the pages that answered 200: error pages are left out of the mean", async () => {
    const pages = await crawlPagesOf(caller.key, first.id);
    const scores = new Map<string, number>();
    for (const page of pages) scores.set(page.url, (await call(`/api/v1/reports/${page.report}?fields=score`, { key: caller.key })).json.data.score);
    const mean = (urls: string[]) => Math.round(urls.reduce((sum, u) => sum + scores.get(u)!, 0) / urls.length);
    expect(first.score).toBe(mean(contentPages));
    // The error pages score lower: counted in, they would pull the mean down.
    expect(mean([...contentPages, ...errorPages])).toBeLessThan(first.score);
    // The crawl page's score distribution draws the same 60 pages, binned by ten.
    const bins = Array.from({ length: 10 }, () => 0);
    for (const page of contentPages) bins[Math.min(9, Math.floor(scores.get(page)! / 10))]! += 1;
    const view = await call(`/crawls/${first.id}`);
    expect(view.status).toBe(200);
    expect(chartTable(view.text, "Audited pages by score").map(([, n]) => Number(n))).toEqual(bins);
  });

  describe("after the six pages are fixed and the site crawled again", () => {
    beforeAll(async () => {
      await setMissing([]);
      second = await crawlSite(caller);
    }, 200_000);

    it("/issues no longer lists meta_description; the error pages are still counted by http_status", async () => {
      const rows = await rowsOf(second.id);
      expect(rows.has("meta_description")).toBe(false);
      expect(rows.get("http_status")).toMatchObject({ pages: 4 });
      expect(rows.get("broken_internal_links")).toMatchObject({ pages: 3 });
    });

    it("compare shows the 6 fixed and 0 remaining; the error pages remain in http_status only", async () => {
      const res = await call(`/api/v1/crawls/${second.id}/compare`, { key: caller.key });
      expect(res.status, res.text).toBe(200);
      const data = res.json.data;
      expect(data.with).toBe(first.id);
      const row = (check: string) => data.checks.find((r: { check: string }) => r.check === check);
      expect(row("meta_description")).toMatchObject({ new: 0, fixed: 6, remaining: 0, before: 6, now: 0, examples: { fixed: missing.slice(0, 5) } });
      expect(data.issues.fixed).toContain("meta_description");
      expect(row("http_status")).toMatchObject({ new: 0, fixed: 0, remaining: 4, before: 4, now: 4 });
      // No other page check has an error page remaining or fixed.
      for (const r of data.checks.filter((r: { kind: string; check: string }) => r.kind === "page" && r.check !== "http_status")) {
        for (const example of [...r.examples.fixed, ...r.examples.remaining]) expect(errorPages, `${r.check}: ${example}`).not.toContain(example);
      }
      expect(data.pages).toEqual({ added: { pages: 0, examples: [] }, removed: { pages: 0, examples: [] } });
    });
  });
});

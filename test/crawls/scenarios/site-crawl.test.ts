import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { env } from "cloudflare:workers";
import { crawlPagesOf, site as onSite, siteRequests as requestsOf, startCrawl, waitForCrawl } from "../../helpers/crawl";

// Its own origin: no other test file crawls it, so its request log is this crawl's alone.
const site = (path: string) => onSite(path, env.CRAWL_SITE_ALONE);
const siteRequests = (tag: string) => requestsOf(tag, env.CRAWL_SITE_ALONE);

describe("a crawl of the test site from its robots.txt sitemap index", () => {
  let caller: Caller;
  let crawl: Record<string, any>;
  let pages: Awaited<ReturnType<typeof crawlPagesOf>>;

  beforeAll(async () => {
    caller = await createCaller("crawler");
    const res = await startCrawl(caller.key, { url: site("/site/") });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("location")).toBe(`https://pagegrade.test/api/v1/crawls/${res.json.data.id}`);
    expect(res.json.data.status).toBe("discovering");
    crawl = await waitForCrawl(caller.key, res.json.data.id, 60_000);
    pages = await crawlPagesOf(caller.key, crawl.id);
  }, 90_000);

  it("completes with every sitemap URL (index, gzip child, text sitemap) and counts", () => {
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    expect(crawl.pages).toEqual({ found: 15, audited: 14, failed: 0, blocked: 1, pending: 0, skipped: 0 });
    expect(pages.every((p) => p.in_sitemap)).toBe(true);
    // Links were followed too (source auto): they reached no page outside the sitemap, and mark the pages they reach.
    expect(pages.filter((p) => p.found_via === "sitemap").map((p) => p.url)).toEqual([site("/site/orphan")]);
    expect(checks().not_in_sitemap).toEqual({ passed: true, applicable: true, count: 0, examples: [] });
    expect(crawl.truncated).toBe(false);
    expect(crawl.score).toBeGreaterThan(0);
    expect(crawl.result).toMatch(/good|decent|bad/);
    expect(crawl.page_url).toBe(`https://pagegrade.test/crawls/${crawl.id}`);
  });

  it("never fetches the robots-disallowed URL", async () => {
    expect(pages.find((p) => p.url === site("/site/private/secret"))).toMatchObject({ state: "blocked", report: null });
    expect(await siteRequests("/site/private/")).toEqual([]);
  });

  it("fetches robots.txt, the not-found probe and llms.txt once for the whole crawl", async () => {
    expect((await siteRequests("/robots.txt")).length).toBe(1);
    expect((await siteRequests("/pagegrade-404-check-")).length).toBe(1);
    expect((await siteRequests("/llms.txt")).length).toBe(1);
  });

  it("llms_txt_links fails the listed URLs that do not answer 200: audited pages' status, the rest asked once in discovery", async () => {
    expect(checks().llms_txt_links).toEqual({
      passed: false,
      applicable: true,
      count: 2,
      examples: [site("/site/missing"), site("/site/llms-gone")],
      // The robots-disallowed URL is never asked for.
      value: { listed: 5, checked: 4, not_checked: 1 },
      partly_checked: true,
    });
    expect((await siteRequests("/site/llms-only")).length).toBe(1);
    expect((await siteRequests("/site/llms-gone")).length).toBe(1);
    // Audited pages are not asked for a second time.
    expect((await siteRequests("/site/a")).length).toBe(1);
  });

  it("the crawl page says the site has an llms.txt", async () => {
    const res = await call(`/crawls/${crawl.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<dt>llms.txt</dt><dd>Yes: ${site("/llms.txt")}, listing 5 pages of the site</dd>`);
    expect(res.text).toContain("Pages listed in llms.txt answer 200");
  });

  it("makes every audited page an ordinary report of the account", async () => {
    const audited = pages.filter((p) => p.state === "audited");
    for (const page of audited) {
      const res = await call(`/api/v1/reports/${page.report}`, { key: caller.key });
      expect(res.status).toBe(200);
      expect(res.json.data.url).toBe(page.url);
      expect(res.json.data.status).toBe("completed");
      expect(res.json.data.project).toBe("127.0.0.1");
    }
  });

  const checks = () => crawl.site_checks;

  it("duplicate_titles: a and b share a title (trimmed, case-folded); old redirects to c and counts as c", () => {
    expect(checks().duplicate_titles).toEqual({
      passed: false,
      applicable: true,
      count: 1,
      examples: [{ value: "Same title", urls: [site("/site/a"), site("/site/b")] }],
    });
  });

  it("duplicate_meta_descriptions and duplicate_h1 name the pages that share them", () => {
    expect(checks().duplicate_meta_descriptions.examples).toEqual([{ value: "Same description", urls: [site("/site/a"), site("/site/b")] }]);
    expect(checks().duplicate_h1.examples).toEqual([{ value: "Welcome", urls: [site("/site/a"), site("/site/d")] }]);
  });

  it("sitemap_non_200 lists the redirected and the 404 sitemap URLs", () => {
    expect(checks().sitemap_non_200.passed).toBe(false);
    expect(checks().sitemap_non_200.examples.sort()).toEqual([site("/site/missing"), site("/site/old")]);
  });

  it("sitemap_noindex, sitemap_canonicalised and sitemap_blocked name their URLs", () => {
    expect(checks().sitemap_noindex.examples).toEqual([site("/site/noindex")]);
    expect(checks().sitemap_canonicalised.examples.sort()).toEqual([site("/site/canonicalised"), site("/site/e")]);
    expect(checks().sitemap_blocked.examples).toEqual([site("/site/private/secret")]);
  });

  it("broken_internal_links names the 404 target and the page linking to it", () => {
    expect(checks().broken_internal_links).toMatchObject({
      passed: false,
      count: 1,
      examples: [{ url: site("/site/missing"), status: 404, linked_from: [site("/site/")] }],
      // Every other target is an audited page; the robots-blocked one is never asked for.
      value: { checked: 13, not_checked: 0, blocked: 1 },
    });
    expect(checks().broken_internal_links.partly_checked).toBeUndefined();
  });

  it("orphan_pages lists the sitemap URL nobody links to", () => {
    expect(checks().orphan_pages).toMatchObject({ passed: false, applicable: true, examples: [site("/site/orphan")] });
  });

  it("redirect_chains, canonical_to_non_indexable and hreflang_return_links find their planted pages", () => {
    expect(checks().redirect_chains.examples).toEqual([{ url: site("/site/old"), redirects: 2, final_url: site("/site/c") }]);
    expect(checks().canonical_to_non_indexable.examples).toEqual([
      { url: site("/site/e"), canonical: site("/site/noindex"), status: 200, noindex: true },
    ]);
    expect(checks().hreflang_return_links.examples).toEqual([{ url: site("/site/en"), alternate: site("/site/de") }]);
  });

  it("lists pages filtered by state, in the list shape", async () => {
    const res = await call(`/api/v1/crawls/${crawl.id}/pages?state=blocked`, { key: caller.key });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([{ url: site("/site/private/secret"), state: "blocked", depth: 0, in_sitemap: true, found_via: "both", report: null }]);
    expect(res.json.meta).toMatchObject({ total: 1, per_page: 10, current_page: 1 });
    const bad = await call(`/api/v1/crawls/${crawl.id}/pages?state=done`, { key: caller.key });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("The state field must be one of pending, audited, failed, blocked.");
  });

  it("another account's crawl and its pages are 404", async () => {
    const other = await createCaller("other");
    for (const path of [`/api/v1/crawls/${crawl.id}`, `/api/v1/crawls/${crawl.id}/pages`]) {
      const res = await call(path, { key: other.key });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
    }
    expect((await call(`/api/v1/crawls/${crawl.id}/cancel`, { key: other.key, method: "POST" })).status).toBe(404);
    expect((await call(`/api/v1/crawls/${crawl.id}`, { key: other.key, method: "DELETE" })).status).toBe(404);
    expect((await call("/api/v1/crawls", { key: other.key })).json.data).toEqual([]);
  });

  it("a finished crawl cannot be cancelled (409)", async () => {
    const res = await call(`/api/v1/crawls/${crawl.id}/cancel`, { key: caller.key, method: "POST" });
    expect(res.status).toBe(409);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCaller } from "../../helpers/api";
import { crawlPagesOf, startCrawl, waitForCrawl } from "../../helpers/crawl";

// test/server/sitemap-routes.ts: an RSS 2.0 and an Atom 1.0 feed at URLs that do not end in .xml, linking to pages
// of the page server (and, in the RSS feed, one of another host).
const origin = env.PAGE_SERVER;
const fixture = (name: string) => `${origin}/fixtures/${name}.html`;

describe("a feed given as the crawl's URL is read as its sitemap", () => {
  it("RSS 2.0 at /sitemaps/feed/rss (source auto): its items' pages are audited, as sitemap URLs, and no link is followed", async () => {
    const { key } = await createCaller("rss crawl");
    const res = await startCrawl(key, { url: `${origin}/sitemaps/feed/rss` });
    expect(res.status, res.text).toBe(201);
    const crawl = await waitForCrawl(key, res.json.data.id, 90_000);
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    expect(crawl.pages).toMatchObject({ found: 2, audited: 2, failed: 0, skipped: 1, pending: 0 });
    const pages = await crawlPagesOf(key, crawl.id);
    expect(pages.map((page) => [page.url, page.found_via, page.in_sitemap, page.state])).toEqual([
      [fixture("list-before-article"), "sitemap", true, "audited"],
      [fixture("blogger-post"), "sitemap", true, "audited"],
    ]);
    // A sitemap was read: the sitemap checks apply.
    expect(crawl.site_checks.sitemap_non_200).toMatchObject({ applicable: true, passed: true });
  }, 120_000);

  it("Atom 1.0 at /sitemaps/feed/atom (source sitemap): each entry's alternate link", async () => {
    const { key } = await createCaller("atom crawl");
    const res = await startCrawl(key, { url: `${origin}/sitemaps/feed/atom`, source: "sitemap" });
    expect(res.status, res.text).toBe(201);
    const crawl = await waitForCrawl(key, res.json.data.id, 90_000);
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    const pages = await crawlPagesOf(key, crawl.id);
    expect(pages.map((page) => [page.url, page.found_via, page.state])).toEqual([
      [fixture("blogger-post"), "sitemap", "audited"],
      [fixture("known-page"), "sitemap", "audited"],
    ]);
  }, 120_000);

  it("a urlset at a URL without an extension is a sitemap too; an HTML page at one (source auto) is the start of link discovery", async () => {
    const { key } = await createCaller("plain-name crawl");
    const sitemap = await waitForCrawl(key, (await startCrawl(key, { url: `${origin}/sitemaps/plain-name`, source: "sitemap" })).json.data.id, 90_000);
    expect(sitemap.status, JSON.stringify(sitemap)).toBe("completed");
    expect((await crawlPagesOf(key, sitemap.id)).map((page) => [page.url, page.found_via])).toEqual([[fixture("known-page"), "sitemap"]]);

    const page = await waitForCrawl(key, (await startCrawl(key, { url: `${origin}/sitemaps/a-page`, limit: 2 })).json.data.id, 90_000);
    expect(page.status, JSON.stringify(page)).toBe("completed");
    expect((await crawlPagesOf(key, page.id)).map((p) => [p.url, p.found_via])).toEqual([
      [`${origin}/sitemaps/a-page`, "links"],
      [fixture("known-page"), "links"],
    ]);
  }, 200_000);
});

import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller } from "../../helpers/api";
import { crawlPagesOf, site, siteRequests, startCrawl, waitForCrawl } from "../../helpers/crawl";
import { parseCsv } from "../../helpers/csv";

// test/server/crawl-site.ts: /<prefix>/sitemap.xml lists the home, a and orphan; links reach only, deep, gone, moved, hidden.
const at = (prefix: string, name: string) => site(`/${prefix}/${name}`);

describe("source=auto reads the sitemap and follows the links", () => {
  const p = (name: string) => at("mixed", name);
  let key: string;
  let crawl: Record<string, any>;
  let pages: Awaited<ReturnType<typeof crawlPagesOf>>;

  beforeAll(async () => {
    key = (await createCaller()).key;
    const res = await startCrawl(key, { url: p("sitemap.xml") });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.source).toBe("auto");
    crawl = await waitForCrawl(key, res.json.data.id, 60_000);
    pages = await crawlPagesOf(key, crawl.id);
  }, 90_000);

  it("finds the pages only links reach, says how each page was found and how deep it is", () => {
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    const seen = Object.fromEntries(pages.map((page) => [page.url, [page.found_via, page.depth, page.state]]));
    expect(seen).toEqual({
      [p("")]: ["both", 0, "audited"],
      [p("a")]: ["both", 0, "audited"],
      [p("orphan")]: ["sitemap", 0, "audited"],
      [p("only")]: ["links", 1, "audited"],
      [p("gone")]: ["links", 1, "audited"],
      [p("moved")]: ["links", 1, "audited"],
      [p("hidden")]: ["links", 1, "audited"],
      [p("deep")]: ["links", 2, "audited"],
    });
    // Sitemap URLs first, in the sitemap's order, then what links found breadth first.
    expect(pages.slice(0, 3).map((page) => page.url)).toEqual([p(""), p("a"), p("orphan")]);
    expect(pages.map((page) => page.in_sitemap)).toEqual([true, true, true, false, false, false, false, false]);
    expect(crawl.pages).toMatchObject({ found: 8, audited: 8, pending: 0 });
    expect(crawl.truncated).toBe(false);
  });

  it("not_in_sitemap flags exactly the indexable 200 pages no sitemap lists", () => {
    expect(crawl.site_checks.not_in_sitemap).toEqual({ passed: false, applicable: true, count: 2, examples: [p("only"), p("deep")] });
    expect(crawl.site_checks.orphan_pages).toMatchObject({ applicable: true, examples: [p("orphan")] });
  });

  it("fetches the 404 that only a link reaches, so the broken link is found", () => {
    expect(crawl.site_checks.broken_internal_links).toMatchObject({ passed: false, examples: [{ url: p("gone"), status: 404, linked_from: [p("")] }] });
  });

  it("filters the pages by found_via, in the list and in the CSV", async () => {
    const links = await call(`/api/v1/crawls/${crawl.id}/pages?found_via=links&per_page=100`, { key });
    expect(links.status, links.text).toBe(200);
    expect(links.json.data.map((page: { url: string }) => page.url).sort()).toEqual([p("deep"), p("gone"), p("hidden"), p("moved"), p("only")]);
    const both = await call(`/api/v1/crawls/${crawl.id}/pages?found_via=both&fields=depth`, { key });
    expect(both.json.data).toEqual([{ url: p(""), depth: 0 }, { url: p("a"), depth: 0 }]);
    const csv = await call(`/api/v1/crawls/${crawl.id}/pages?format=csv&found_via=sitemap`, { key });
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header!.slice(0, 5)).toEqual(["url", "state", "depth", "in_sitemap", "found_via"]);
    expect(rows.map((row) => row.slice(0, 5))).toEqual([[p("orphan"), "audited", "0", "true", "sitemap"]]);
    const bad = await call(`/api/v1/crawls/${crawl.id}/pages?found_via=guess`, { key });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("The found_via field must be one of sitemap, links, both.");
  });
});

describe("source=sitemap never follows links", () => {
  const p = (name: string) => at("mixed-sitemap", name);

  it("audits only the sitemap's URLs, all found via the sitemap, and never fetches a linked page as a page (a link check's HEAD at most)", async () => {
    const { key } = await createCaller();
    const res = await startCrawl(key, { url: p("sitemap.xml"), source: "sitemap" });
    const crawl = await waitForCrawl(key, res.json.data.id, 60_000);
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    const pages = await crawlPagesOf(key, crawl.id);
    expect(pages.map((page) => [page.url, page.found_via, page.depth])).toEqual([
      [p(""), "sitemap", 0],
      [p("a"), "sitemap", 0],
      [p("orphan"), "sitemap", 0],
    ]);
    expect(crawl.site_checks.not_in_sitemap).toEqual({ passed: true, applicable: false, count: 0, examples: [] });
    // Links are not followed: no linked page is audited (a GET). Link targets of audited pages still get a status, by
    // HEAD (docs/crawls.md "Link checks"); deep, linked only from a page that was never audited, is not even that.
    for (const name of ["only", "gone", "moved", "hidden", "deep"]) {
      const asked = await siteRequests(`/mixed-sitemap/${name}`);
      expect(asked.filter((request) => (request as { method?: string }).method !== "HEAD"), name).toEqual([]);
    }
    expect(await siteRequests("/mixed-sitemap/deep")).toEqual([]);
  });
});

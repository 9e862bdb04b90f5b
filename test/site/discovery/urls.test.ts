import { describe, expect, it } from "vitest";
import { looksLikeSitemap, sitemapsFromRobots } from "../../../src/site/discovery/sitemaps";
import { normalizeCrawlUrl } from "../../../src/site/discovery/normalize-url";
import { newTally, tallyUrl } from "../../../src/site/discovery/url-tally";

describe("normalizeCrawlUrl", () => {
  it.each([
    ["HTTP://Example.COM/Path?b=2#top", "http://example.com/Path?b=2"],
    ["https://example.com/a?utm_source=x&id=1&UTM_Medium=y&gclid=g&fbclid=f", "https://example.com/a?id=1"],
    ["https://example.com/a?utm_campaign=spring", "https://example.com/a"],
    ["https://example.com/a?", "https://example.com/a"],
    ["https://example.com/a#", "https://example.com/a"],
    ["https://example.com/a?#x", "https://example.com/a"],
    ["https://example.com/a?x=1&&y=2", "https://example.com/a?x=1&y=2"],
    ["https://example.com:443/a", "https://example.com/a"],
    ["  https://example.com/trimmed  ", "https://example.com/trimmed"],
    // Other parameters keep their order and spelling: %20 stays %20, not +.
    ["https://example.com/s?q=a%20b&z=1&a=2", "https://example.com/s?q=a%20b&z=1&a=2"],
    ["https://example.com/s?utm%5Fsource=x&k", "https://example.com/s?k"],
    ["https://example.com/caf\u00e9", "https://example.com/caf%C3%A9"],
  ])("normalises %s", (raw, expected) => {
    expect(normalizeCrawlUrl(raw)).toBe(expected);
  });

  it("resolves a relative URL against the base", () => {
    expect(normalizeCrawlUrl("../b?utm_id=1#x", "https://Example.com/a/c")).toBe("https://example.com/b");
    expect(normalizeCrawlUrl("/b", new URL("http://example.com/"))).toBe("http://example.com/b");
  });

  it.each(["mailto:a@example.com", "ftp://example.com/file", "javascript:alert(1)", "not a url", "/relative", "http://", ""])(
    "gives null for %s",
    (raw) => {
      expect(normalizeCrawlUrl(raw)).toBeNull();
    },
  );
});

describe("sitemapsFromRobots", () => {
  it("keeps the absolute Sitemap: lines, normalised and once each", () => {
    const body = [
      "User-agent: *",
      "Disallow: /private/",
      "Sitemap: https://Example.com/sitemap.xml",
      "sitemap:https://example.com/news.xml.gz#x",
      "SITEMAP: https://example.com/sitemap.xml",
      "Sitemap: /relative.xml",
      "Sitemap: ftp://example.com/s.xml",
      "Sitemap:",
    ].join("\n");
    expect(sitemapsFromRobots(body)).toEqual(["https://example.com/sitemap.xml", "https://example.com/news.xml.gz"]);
  });

  it("gives nothing for a missing or empty robots.txt", () => {
    expect(sitemapsFromRobots(null)).toEqual([]);
    expect(sitemapsFromRobots("")).toEqual([]);
  });
});

describe("looksLikeSitemap", () => {
  it.each([
    ["https://example.com/sitemap.xml", true],
    ["https://example.com/a/Sitemap.XML", true],
    ["https://example.com/s.xml.gz", true],
    ["https://example.com/urls.txt", true],
    ["https://example.com/sitemap.xml?page=2", true],
    ["https://example.com/page.html", false],
    ["https://example.com/archive.gz", false],
    ["https://example.com/xml", false],
    ["https://example.com/", false],
  ])("%s: %s", (url, expected) => {
    expect(looksLikeSitemap(new URL(url))).toBe(expected);
  });
});

describe("URL tally", () => {
  it("keeps the first `limit` distinct URLs in order and counts distinct ones past it", () => {
    const tally = newTally(3);
    const urls = ["a", "b", "a", "c", "d", "b", "e", "d", "e", "f"].map((x) => `https://example.com/${x}`);
    for (const url of urls) tallyUrl(tally, url);
    expect([...tally.kept]).toEqual(["a", "b", "c"].map((x) => `https://example.com/${x}`));
    expect(tally.found).toBe(6);
  });

  it("counts 100,000 distinct URLs past the limit exactly, in a filter that does not grow", () => {
    const tally = newTally(10);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100_010; i++) tallyUrl(tally, `https://example.com/page/${i}`);
    }
    expect(tally.kept.size).toBe(10);
    expect(tally.found).toBe(100_010);
    expect(tally.overflow?.byteLength).toBe(1024 * 1024);
  });
});

import { describe, expect, it } from "vitest";
import { createSitemapParser } from "../../../src/site/discovery/sitemap-parse";

/** Feeds the text in pieces of `size` characters, as a stream arrives; returns what the parser reported. */
function parse(text: string, size = 7) {
  const pages: [string, string | null][] = [];
  const children: string[] = [];
  const parser = createSitemapParser({ page: (loc, lastmod) => pages.push([loc, lastmod]), child: (loc) => children.push(loc) });
  let stopped = null;
  for (let i = 0; i < text.length && !stopped; i += size) stopped = parser.write(text.slice(i, i + size));
  return { pages, children, stopped: stopped ?? parser.end(), kind: parser.kind() };
}

describe("createSitemapParser", () => {
  it("reads a urlset's <loc> with its <lastmod>, written before or after it", () => {
    const { pages, kind } = parse(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.test/1</loc><lastmod>2026-01-02</lastmod></url>' +
        "<url><lastmod>2026-03-04T05:06:07+01:00</lastmod><loc> https://a.test/2 </loc></url><url><loc>https://a.test/3</loc><lastmod>soon</lastmod></url></urlset>",
    );
    expect(kind).toBe("urlset");
    expect(pages).toEqual([
      ["https://a.test/1", "2026-01-02T00:00:00.000Z"],
      ["https://a.test/2", "2026-03-04T04:06:07.000Z"],
      ["https://a.test/3", null],
    ]);
  });

  it("reads an RSS 2.0 feed: each item's <link>, its pubDate (RFC 822) or dc:date as lastmod; not the channel's link", () => {
    const { pages, kind, stopped } = parse(`<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
      <title>Blog</title><link>https://a.test/</link><atom:link href="https://a.test/feed" rel="self"/>
      <item><title>One</title><link>https://a.test/one?x=1&amp;y=2</link><atom:link href="https://a.test/other"/><pubDate>Sat, 12 Oct 2024 08:30:00 +0000</pubDate></item>
      <item><link>https://a.test/two</link><dc:date>2024-11-03T09:12:00Z</dc:date></item>
      <item><title>No link</title><guid isPermaLink="false">p=3</guid></item>
      <item><link><![CDATA[https://a.test/three]]></link></item>
    </channel></rss>`);
    expect(stopped).toBeNull();
    expect(kind).toBe("rss");
    expect(pages).toEqual([
      ["https://a.test/one?x=1&y=2", "2024-10-12T08:30:00.000Z"],
      ["https://a.test/two", "2024-11-03T09:12:00.000Z"],
      ["https://a.test/three", null],
    ]);
  });

  it("reads an Atom 1.0 feed: each entry's alternate link (rel left out means alternate), updated else published as lastmod", () => {
    const { pages, kind } = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><link rel="alternate" href="https://a.test/"/>
      <entry><published>2024-11-03T09:12:00Z</published><updated>2024-11-04T10:00:00Z</updated>
        <link rel="replies" href="https://a.test/one#comments"/><link rel="self" href="https://a.test/feeds/1"/><link rel="alternate" href="https://a.test/one"/></entry>
      <entry><published>2024-10-01T07:00:00Z</published><link href="https://a.test/two"/><link href="https://a.test/two-again"/></entry>
      <entry><link rel="enclosure" href="https://a.test/audio.mp3"/></entry>
    </feed>`);
    expect(kind).toBe("atom");
    expect(pages).toEqual([
      ["https://a.test/one", "2024-11-04T10:00:00.000Z"],
      ["https://a.test/two", "2024-10-01T07:00:00.000Z"],
    ]);
  });

  it("reads an index's children, and refuses other roots and HTML", () => {
    expect(parse("<sitemapindex><sitemap><loc>https://a.test/s1.xml</loc><lastmod>2026-01-01</lastmod></sitemap></sitemapindex>").children).toEqual(["https://a.test/s1.xml"]);
    expect(parse("<catalog><book/></catalog>").stopped).toMatchObject({ code: "sitemap_invalid", message: expect.stringContaining("<catalog>") });
    expect(parse("<!doctype html><html><body></body></html>").stopped).toMatchObject({ message: "The sitemap is an HTML page, not a sitemap." });
  });
});

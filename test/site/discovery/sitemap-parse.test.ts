import { describe, expect, it } from "vitest";
import { createSitemapParser } from "../../../src/site/discovery/sitemap-parse";

/** Feeds the chunks and gives what the parser found and its stop, if any. */
function parse(...chunks: string[]) {
  const pages: string[] = [];
  const children: string[] = [];
  const parser = createSitemapParser({ page: (loc) => pages.push(loc), child: (loc) => children.push(loc) });
  let stopped = null;
  for (const chunk of chunks) stopped ??= parser.write(chunk);
  stopped ??= parser.end();
  return { pages, children, kind: parser.kind(), stopped };
}

describe("createSitemapParser", () => {
  it("reads a urlset's page locs, across chunks, with entities decoded and other locs left out", () => {
    const result = parse(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      "<url><loc>https://a.example/?x=1&amp;y=2</loc><image:image><image:loc>https://a.example/i.png</image:loc></image:image></url><url><lo",
      "c>https://a.example/b</loc></url></urlset>",
    );
    expect(result).toEqual({ pages: ["https://a.example/?x=1&y=2", "https://a.example/b"], children: [], kind: "urlset", stopped: null });
  });

  it("reads a sitemap index's children", () => {
    const result = parse("<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap><sitemap><loc>https://a.example/s2.xml.gz</loc></sitemap></sitemapindex>");
    expect(result).toMatchObject({ pages: [], children: ["https://a.example/s1.xml", "https://a.example/s2.xml.gz"], kind: "sitemapindex", stopped: null });
  });

  it("reads a text sitemap line by line", () => {
    expect(parse("https://a.example/one\nhttps://a.example/two\r\n")).toMatchObject({ pages: ["https://a.example/one", "https://a.example/two"], kind: "text", stopped: null });
  });

  it("stops at what is not a sitemap, saying why", () => {
    expect(parse("").stopped).toEqual({ code: "sitemap_invalid", message: "The sitemap is empty." });
    expect(parse("<!doctype html><html><body>hi</body></html>").stopped?.message).toBe("The sitemap is an HTML page, not a sitemap.");
    expect(parse("<feed><entry/></feed>").stopped?.message).toBe("The XML root element is <feed>, not <urlset> or <sitemapindex>.");
    expect(parse(`<urlset>${"<a>".repeat(20)}`).stopped?.message).toMatch(/^The XML nests more than \d+ elements deep/);
  });
});

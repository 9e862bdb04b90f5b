import { describe, expect, it } from "vitest";
import { crawlSources, followsLinks, foundViaOf } from "../../src/site/terms";

describe("the crawl's terms", () => {
  it("follow links for every source but sitemap", () => {
    expect(crawlSources.filter(followsLinks)).toEqual(["auto", "links"]);
  });

  it("say how a URL was found: by a sitemap, by links, or both", () => {
    expect(foundViaOf({ inSitemap: true, linked: false })).toBe("sitemap");
    expect(foundViaOf({ inSitemap: false, linked: true })).toBe("links");
    expect(foundViaOf({ inSitemap: true, linked: true })).toBe("both");
    // The start URL counts as found by links even before any page links to it.
    expect(foundViaOf({ inSitemap: false, linked: false })).toBe("links");
  });
});

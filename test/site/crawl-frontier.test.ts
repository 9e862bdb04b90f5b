import { describe, expect, it } from "vitest";
import { addFinds, crawlScore, firstState, linkFinds, roomLeft, settledState, tallyScores, foundViaOf, type FrontierPage } from "../../src/site/crawl-frontier";

const u = (path: string) => `https://site.example${path}`;
const rules = { host: "site.example", maxDepth: 2, allowed: (url: string) => !url.includes("/private/") };
const seed = (path: string, more: Partial<FrontierPage> = {}): FrontierPage => ({ url: u(path), depth: 0, inSitemap: true, linked: false, blocked: false, ...more });
const knownOf = (...pages: FrontierPage[]) => new Map(pages.map((page) => [page.url, page]));

describe("linkFinds", () => {
  it("keeps the same-host links but the page's own URLs, one click deeper, with robots.txt's verdict", () => {
    const finds = linkFinds(
      { depth: 0, urls: [u("/"), u("/home")], links: [u("/a"), "https://other.example/x", u("/"), u("/home"), u("/private/p")] },
      rules,
    );
    expect(finds).toEqual({
      depth: 1,
      reached: [u("/a"), u("/private/p")],
      candidates: [
        { url: u("/a"), depth: 1, inSitemap: false, linked: true, blocked: false },
        { url: u("/private/p"), depth: 1, inSitemap: false, linked: true, blocked: true },
      ],
    });
  });

  it("past maxDepth a page's links only reach pages already known: no candidates", () => {
    const finds = linkFinds({ depth: 2, urls: [u("/deep")], links: [u("/a"), u("/b")] }, rules);
    expect(finds).toEqual({ depth: 3, reached: [u("/a"), u("/b")], candidates: [] });
  });
});

describe("addFinds", () => {
  it("marks a page found twice linked at its lowest depth, and adds new ones in link order", () => {
    const known = knownOf(seed("/"), seed("/deep", { depth: 2 }), seed("/shallow", { depth: 0 }));
    const finds = linkFinds({ depth: 0, urls: [u("/")], links: [u("/deep"), u("/new"), u("/shallow")] }, rules);
    const { added, leftOut } = addFinds(known, finds, 10);
    expect(added.map((page) => page.url)).toEqual([u("/new")]);
    expect(leftOut).toBe(false);
    expect(known.get(u("/deep"))).toMatchObject({ depth: 1, linked: true, inSitemap: true });
    // A link never makes a page deeper than it was found first.
    expect(known.get(u("/shallow"))).toMatchObject({ depth: 0, linked: true });
    expect(foundViaOf(known.get(u("/deep"))!)).toBe("both");
    expect(foundViaOf(known.get(u("/new"))!)).toBe("links");
    expect(foundViaOf(seed("/only-listed"))).toBe("sitemap");
  });

  it("stops at the crawl's limit and says links were left out (the crawl is truncated)", () => {
    const known = knownOf(seed("/"));
    const finds = linkFinds({ depth: 0, urls: [u("/")], links: [u("/1"), u("/2"), u("/3")] }, rules);
    const { added, leftOut } = addFinds(known, finds, 3);
    expect(added.map((page) => page.url)).toEqual([u("/1"), u("/2")]);
    expect(leftOut).toBe(true);
    expect(known.size).toBe(3);
  });

  it("a link to a known page at the limit is not a page left out", () => {
    const known = knownOf(seed("/"), seed("/a"));
    const { added, leftOut } = addFinds(known, linkFinds({ depth: 0, urls: [u("/")], links: [u("/a")] }, rules), 2);
    expect(added).toEqual([]);
    expect(leftOut).toBe(false);
  });

  it("past maxDepth nothing is added and nothing is left out, but known pages still learn the link", () => {
    const known = knownOf(seed("/a", { depth: 2, inSitemap: false, linked: true }), seed("/b", { inSitemap: true }));
    const { added, leftOut } = addFinds(known, linkFinds({ depth: 2, urls: [u("/a")], links: [u("/b"), u("/c")] }, rules), 1);
    expect([added, leftOut]).toEqual([[], false]);
    expect(known.get(u("/b"))).toMatchObject({ linked: true, depth: 0 });
  });
});

describe("page states and room", () => {
  it("a blocked page is written blocked and never fetched; a fetched one settles audited or failed", () => {
    expect(firstState({ blocked: true })).toBe("blocked");
    expect(firstState({ blocked: false })).toBe("pending");
    expect([settledState(true), settledState(false)]).toEqual(["audited", "failed"]);
  });

  it("room never goes below zero", () => {
    expect([roomLeft(10, 4), roomLeft(10, 10), roomLeft(10, 12)]).toEqual([6, 0, 0]);
  });
});

describe("crawlScore", () => {
  it("is the rounded mean of the audited pages' scores, with its label", () => {
    expect(crawlScore(tallyScores([90, 91]))).toEqual({ score: 91, result: "good" });
    expect(crawlScore(tallyScores([40, 41, 41]))).toEqual({ score: 41, result: "bad" });
    expect(crawlScore({ sum: 151, count: 2 })).toEqual({ score: 76, result: "decent" });
  });

  it("has no score without an audited page", () => {
    expect(crawlScore(tallyScores([]))).toEqual({ score: null, result: null });
  });
});

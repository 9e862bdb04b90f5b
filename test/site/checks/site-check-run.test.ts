import { describe, expect, it } from "vitest";
import { runSiteChecks, runSiteChecksOver, startSiteChecks, type PageBatches } from "../../../src/site/checks/index";
import { duplicateTitles } from "../../../src/site/checks/duplicate-titles";
import { emptyPageIndex, indexPages, indexed } from "../../../src/site/checks/page-index";
import { textHash } from "../../../src/site/checks/text-hash";
import type { SitePage, SiteView } from "../../../src/site/checks/types";
import { planLinkChecks, planLinkChecksOver } from "../../../src/site/link-plan";
import { audited, blocked, u, view } from "../../helpers/site-view";

const ext = (path: string) => `https://elsewhere.example${path}`;

/** A site on which every check but llms_txt_links has something to say, in crawl order. */
const planted: SitePage[] = [
  audited("/", {
    title: "Home",
    description: "Shop",
    h1: "Shop",
    links: [u("/a"), u("/b"), u("/gone"), u("/unaudited"), u("/404"), u("/private/x"), u("/en")],
    external: [ext("/dead"), ext("/ok")],
  }),
  audited("/a", { title: "Shoes", description: "Shoes", h1: "Shoes", links: [u("/"), u("/gone"), u("/unaudited")], external: [ext("/dead")] }),
  audited("/b", { title: " SHOES ", description: "shoes", h1: "Shoes", links: [u("/"), u("/canonicalised")] }),
  audited("/c", { title: "Hats", canonical: u("/noindex"), links: [u("/")] }, false),
  audited("/noindex", { title: "Hidden", noindex: true }),
  audited("/canonicalised", { title: "Copy", canonical: u("/a") }),
  audited("/old", { url: u("/moved"), redirects: 2, title: "Moved" }),
  audited("/404", { status: 404, title: "Not found" }),
  audited("/orphan", { title: "Orphan" }),
  audited("/only-linked", { title: "Only linked" }, false),
  audited("/en", { title: "English", hreflang: [u("/fr")] }),
  audited("/fr", { title: "Français", hreflang: [u("/de")] }),
  blocked("/private/x"),
];
const links = new Map([
  [u("/gone"), { status: 410, error: null }],
  [u("/unaudited"), { status: 200, error: null }],
  [ext("/dead"), { status: 404, error: null }],
  [ext("/ok"), { status: 200, error: null }],
]);

/** The pages in batches of `size`, read afresh on every call, counting the reads. */
function batchesOf(pages: SitePage[], size: number) {
  let reads = 0;
  const batches: PageBatches = async (each) => {
    reads += 1;
    for (let i = 0; i < pages.length; i += size) each(pages.slice(i, i + size));
  };
  return { batches, reads: () => reads };
}

const context = ({ pages: _, ...rest }: SiteView) => rest;

describe("the site checks over batches", () => {
  const site = view(planted, { links });

  it("give every verdict of the one-batch run for any batch size, reading the pages twice", async () => {
    const whole = runSiteChecks(site);
    expect(Object.values(whole).filter((v) => !v.passed).length).toBeGreaterThanOrEqual(13);
    for (const size of [1, 2, 3, 5, planted.length]) {
      const read = batchesOf(planted, size);
      expect(await runSiteChecksOver(read.batches, context(site)), `batches of ${size}`).toEqual(whole);
      expect(read.reads()).toBe(2);
    }
  });

  it("judge nothing before the first pass is over: a link to a later page is a link to an audited page", () => {
    const run = startSiteChecks(context(site));
    for (const page of planted) run.scan([page]);
    for (const page of planted) run.judge([page]);
    expect(run.finish().broken_internal_links).toEqual(runSiteChecks(site).broken_internal_links);
  });

  it("keep a duplicate group's value as first seen and all its URLs, however the batches cut it", async () => {
    const pages = [audited("/x", { title: "Same" }), audited("/y", { title: "other" }), audited("/z", { title: "SAME" }), audited("/w", { title: "same " })];
    const expected = { passed: false, applicable: true, count: 1, examples: [{ value: "Same", urls: [u("/w"), u("/x"), u("/z")] }] };
    expect(duplicateTitles.run(view(pages))).toEqual(expected);
    const verdict = await runSiteChecksOver(batchesOf(pages, 1).batches, context(view(pages)));
    expect(verdict.duplicate_titles).toEqual(expected);
  });
});

describe("the link plan over batches", () => {
  it("plans the same targets in the same order for any batch size, reading the pages three times", async () => {
    const allowed = (url: string) => !url.includes("/private/");
    const bounds = { limit: 2, perHost: 1 };
    const whole = planLinkChecks({ pages: planted }, allowed, bounds);
    expect(whole.map((link) => link.url)).toEqual([u("/gone"), u("/unaudited"), ext("/dead")]);
    for (const size of [1, 4]) {
      const read = batchesOf(planted, size);
      expect(await planLinkChecksOver(read.batches, allowed, bounds)).toEqual(whole);
      expect(read.reads()).toBe(3);
    }
  });
});

describe("the page index", () => {
  it("finds an audited page by the URL asked for and by its final URL, and holds no blocked page", () => {
    const index = emptyPageIndex();
    indexPages(index, planted);
    expect(indexed(index, u("/old"))).toMatchObject({ status: 200, redirects: 2, finalHash: textHash(u("/moved")) });
    expect(indexed(index, u("/moved"))).toBe(indexed(index, u("/old")));
    expect(indexed(index, u("/private/x"))).toBeUndefined();
    expect(index.size).toBe(12);
  });

  it("hashes text to 53 bits, the same text the same way", () => {
    expect(textHash(u("/a"))).toBe(textHash(u("/a")));
    expect(textHash(u("/a"))).not.toBe(textHash(u("/b")));
    expect(Number.isSafeInteger(textHash("x".repeat(1000)))).toBe(true);
    const hashes = new Set(Array.from({ length: 100_000 }, (_, i) => textHash(u(`/p/${i}`))));
    expect(hashes.size).toBe(100_000);
  });
});

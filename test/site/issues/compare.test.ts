import { describe, expect, it } from "vitest";
import { comparison, pageChangesOf, summaryOf } from "../../../src/site/issues/compare";

const u = (n: number) => `https://site.example/p${n}`;

describe("comparing two crawls' failures", () => {
  const before = [
    { url: u(1), failed: ["meta_description", "title"] },
    { url: u(2), failed: ["meta_description"] },
    { url: u(3), failed: ["deprecated_html_tags"] },
  ];
  const now = [
    { url: u(1), failed: ["title", "image_alt"] },
    { url: u(2), failed: ["meta_description"] },
    { url: u(4), failed: ["image_alt", "title"] },
  ];
  const { changes, added, removed } = pageChangesOf(before, now);

  it("matches pages by URL: new (a new page's failures too), fixed (audited now and passing), remaining", () => {
    expect(changes.get("meta_description")).toEqual({
      new: { pages: 0, examples: [] },
      fixed: { pages: 1, examples: [u(1)] },
      remaining: { pages: 1, examples: [u(2)] },
      before: 2,
      now: 1,
    });
    expect(changes.get("image_alt")).toMatchObject({ new: { pages: 2, examples: [u(1), u(4)] }, before: 0, now: 2 });
    expect(changes.get("title")).toMatchObject({ new: { pages: 1 }, remaining: { pages: 1 }, fixed: { pages: 0 } });
    // The removed page's failure is neither fixed nor new.
    expect(changes.get("deprecated_html_tags")).toMatchObject({ new: { pages: 0 }, fixed: { pages: 0 }, remaining: { pages: 0 }, before: 1, now: 0 });
    expect(added).toEqual({ pages: 1, examples: [u(4)] });
    expect(removed).toEqual({ pages: 1, examples: [u(3)] });
  });

  it("names new and fixed issues, sums failures, compares site checks by verdict and carries the score change", () => {
    const site = {
      before: { orphan_pages: { passed: false, applicable: true, count: 3, examples: [u(3)] } },
      now: { duplicate_titles: { passed: false, applicable: true, count: 1, examples: [{ value: "x", urls: [u(1), u(2)] }] } },
    };
    const result = comparison({ crawl: 2, with: 1, scores: { from: 70, to: 64 }, pageChanges: changes, site, pages: { added, removed } });
    expect(result.issues.new.sort()).toEqual(["duplicate_titles", "image_alt"]);
    expect(result.issues.fixed.sort()).toEqual(["deprecated_html_tags", "orphan_pages"]);
    expect(result.failures).toEqual({ new: 4, fixed: 4, remaining: 2 });
    expect(result.score).toEqual({ from: 70, to: 64, change: -6 });
    expect(result.checks.find((r) => r.check === "orphan_pages")).toMatchObject({ kind: "site", new: 0, fixed: 3, remaining: 0 });
    expect(result.checks.find((r) => r.check === "duplicate_titles")).toMatchObject({ new: 1, examples: { new: [u(1), u(2)] } });
    expect(summaryOf(result)).toEqual({ crawl: 2, with: 1, score: result.score, pages: { added: 1, removed: 1 }, issues: result.issues, failures: result.failures });
  });
});

import { describe, expect, it } from "vitest";
import { failedCheckIds } from "../../../src/site/issues/check-info";
import { issueRows, siteExampleUrls, tallyPages } from "../../../src/site/issues/issue-rows";

const u = (n: number) => `https://site.example/p${n}`;

describe("issueRows", () => {
  it("counts pages per check, keeps the first 5 URLs, and sorts by importance, then pages, then id", () => {
    const pages = Array.from({ length: 8 }, (_, n) => ({
      url: u(n),
      // title (high) on 2 pages, meta_description (high) on 8, deprecated_html_tags (low) on 3
      failed: ["meta_description", ...(n < 2 ? ["title"] : []), ...(n >= 5 ? ["deprecated_html_tags"] : [])],
    }));
    const rows = issueRows(tallyPages(pages), null, 8);
    expect(rows.map((r) => [r.check, r.importance, r.pages, r.share])).toEqual([
      ["meta_description", "high", 8, 1],
      ["title", "high", 2, 0.25],
      ["deprecated_html_tags", "low", 3, 0.375],
    ]);
    expect(rows[0]!.examples).toEqual([u(0), u(1), u(2), u(3), u(4)]);
    expect(rows[0]).toMatchObject({ kind: "page", category: "seo", title: expect.any(String), fix: expect.any(String) });
  });

  it("takes a content check's share over the pages that answered 200; http_status's and a site check's over every audited page", () => {
    // 10 audited pages: 2 error pages (counted by http_status only, error-pages.ts), 4 of the other 8 without a description.
    const pages = [
      ...[0, 1].map((n) => ({ url: u(n), failed: ["http_status"] })),
      ...[2, 3, 4, 5].map((n) => ({ url: u(n), failed: ["meta_description"] })),
      ...[6, 7, 8, 9].map((n) => ({ url: u(n), failed: [] })),
    ];
    const site = { broken_internal_links: { passed: false, applicable: true, count: 2, examples: [{ url: u(0) }, { url: u(1) }] } };
    const rows = new Map(issueRows(tallyPages(pages), site, 10).map((r) => [r.check, r.share]));
    expect(rows.get("meta_description")).toBe(0.5);
    expect(rows.get("http_status")).toBe(0.2);
    expect(rows.get("broken_internal_links")).toBe(0.2);
    // Every audited page an error page: no content page to take a share of.
    expect(issueRows(tallyPages([{ url: u(0), failed: ["http_status"] }]), null, 1).map((r) => [r.check, r.share])).toEqual([["http_status", 1]]);
  });

  it("adds failed, applicable site checks with their count and example URLs; leaves out passed, inapplicable and unknown checks", () => {
    const site = {
      duplicate_titles: { passed: false, applicable: true, count: 2, examples: [{ value: "Same", urls: [u(1), u(2)] }, { value: "B", urls: [u(3), u(4)] }] },
      orphan_pages: { passed: true, applicable: false, count: 0, examples: [] },
      broken_internal_links: { passed: false, applicable: true, count: 1, examples: [{ url: u(9), status: 404, linked_from: [u(1)] }] },
      changes: { newly_failed: [], newly_passed: [] },
    };
    const rows = issueRows(new Map([["no_such_check", { pages: 3, examples: [] }]]), site, 10);
    expect(rows.map((r) => [r.check, r.kind, r.importance, r.pages, r.examples])).toEqual([
      ["broken_internal_links", "site", "high", 1, [u(9)]],
      ["duplicate_titles", "site", "medium", 2, [u(1), u(2), u(3), u(4)]],
    ]);
  });

  it("siteExampleUrls takes URLs, problems' url and groups' urls, deduplicated, at most 5", () => {
    expect(siteExampleUrls([u(1), { url: u(2) }, { urls: [u(1), u(3), u(4), u(5), u(6)] }, 42, null])).toEqual([u(1), u(2), u(3), u(4), u(5)]);
  });

  it("failedCheckIds keeps the checks that did not pass", () => {
    const result = (passed: boolean) => ({ category: "seo" as const, importance: "high" as const, passed, value: null });
    expect(failedCheckIds({ title: result(false), https: result(true), meta_description: result(false) })).toEqual(["title", "meta_description"]);
  });
});

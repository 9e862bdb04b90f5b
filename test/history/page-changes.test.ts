import { describe, expect, it } from "vitest";
import type { Watched } from "../../src/analysis/watched";
import { pageChanges } from "../../src/history/page-changes";

const base: Watched = {
  status: 200,
  final_url: "https://example.com/a",
  title: "Title",
  description: "Description",
  h1: "Heading",
  canonical: "https://example.com/a",
  robots: [],
  indexable: true,
  not_indexable_because: null,
  hreflang: ["de https://example.com/de/a"],
  types: ["Product"],
  words: 100,
  text_hash: "0000000000000000",
};

const one = (after: Partial<Watched>, before: Partial<Watched> = {}) => pageChanges({ ...base, ...before }, { ...base, ...after });

describe("pageChanges", () => {
  it("the first generation has nothing to compare with, and an unchanged page has no change", () => {
    expect(pageChanges(null, base)).toEqual([]);
    expect(pageChanges(base, { ...base })).toEqual([]);
  });

  it("critical: indexability flips (robots folded in), status into or out of 2xx, canonical now elsewhere, redirect target", () => {
    expect(one({ indexable: false, not_indexable_because: "noindex in meta robots", robots: ["meta robots: noindex"] })).toEqual([
      { field: "indexable", before: "indexable", after: "not indexable: noindex in meta robots", severity: "critical" },
    ]);
    expect(one({ indexable: true }, { indexable: false, not_indexable_because: "none in x-robots-tag" })[0]).toMatchObject({ field: "indexable", severity: "critical" });
    expect(one({ status: 404 })).toEqual([{ field: "status_code", before: "200", after: "404", severity: "critical" }]);
    expect(one({ status: 200 }, { status: 503 })).toEqual([{ field: "status_code", before: "503", after: "200", severity: "critical" }]);
    expect(one({ canonical: "https://example.com/b" })).toEqual([
      { field: "canonical", before: "https://example.com/a", after: "https://example.com/b", severity: "critical" },
    ]);
    expect(one({ final_url: "https://example.com/moved" }, {})).toContainEqual({
      field: "final_url",
      before: "https://example.com/a",
      after: "https://example.com/moved",
      severity: "critical",
    });
  });

  it("warning: title, description, H1 changed or removed, robots without a flip, hreflang, types removed, a status within its class, canonical back to self", () => {
    expect(one({ title: "New" })).toEqual([{ field: "title", before: "Title", after: "New", severity: "warning" }]);
    expect(one({ description: null })).toEqual([{ field: "meta_description", before: "Description", after: null, severity: "warning" }]);
    expect(one({ h1: "Other" })).toEqual([{ field: "h1", before: "Heading", after: "Other", severity: "warning" }]);
    expect(one({ robots: ["meta robots: nofollow"] })).toEqual([{ field: "robots", before: null, after: "meta robots: nofollow", severity: "warning" }]);
    expect(one({ hreflang: [] })[0]).toMatchObject({ field: "hreflang", severity: "warning" });
    expect(one({ types: [] })).toEqual([{ field: "structured_data_types", before: "Product", after: null, severity: "warning" }]);
    expect(one({ status: 404 }, { status: 410 })[0]).toMatchObject({ field: "status_code", severity: "warning" });
    expect(one({ canonical: "https://example.com/a" }, { canonical: "https://example.com/b" })[0]).toMatchObject({ severity: "warning" });
  });

  it("info: text changed, word count moved by more than 20%, types added", () => {
    expect(one({ text_hash: "1111111111111111" })).toEqual([{ field: "content", before: "0000000000000000", after: "1111111111111111", severity: "info" }]);
    expect(one({ words: 120 })).toEqual([]);
    expect(one({ words: 121 })).toEqual([{ field: "word_count", before: "100", after: "121", severity: "info" }]);
    expect(one({ words: 5 }, { words: 0 })[0]).toMatchObject({ field: "word_count", severity: "info" });
    expect(one({ types: ["Product", "Review"] })).toEqual([{ field: "structured_data_types", before: "Product", after: "Product, Review", severity: "info" }]);
  });

  it("lists the most serious first", () => {
    const found = one({ title: "New", text_hash: "1", status: 500 });
    expect(found.map((c) => c.severity)).toEqual(["critical", "warning", "info"]);
  });
});

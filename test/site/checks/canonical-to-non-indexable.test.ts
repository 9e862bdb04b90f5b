import { describe, expect, it } from "vitest";
import { canonicalToNonIndexable } from "../../../src/site/checks/canonical-to-non-indexable";
import { audited, u, view } from "../../helpers/site-view";

describe("canonical_to_non_indexable", () => {
  it("fails with canonicals pointing to audited noindex or non-2xx pages", () => {
    const pages = [
      audited("/a", { canonical: u("/hidden") }),
      audited("/b", { canonical: u("/gone") }),
      audited("/hidden", { noindex: true }),
      audited("/gone", { status: 404 }),
    ];
    expect(canonicalToNonIndexable.run(view(pages)).examples).toEqual([
      { url: u("/a"), canonical: u("/hidden"), status: 200, noindex: true },
      { url: u("/b"), canonical: u("/gone"), status: 404, noindex: false },
    ]);
  });
  it("passes when canonicals point to indexable pages or pages not audited", () => {
    expect(canonicalToNonIndexable.run(view([audited("/a", { canonical: u("/b") }), audited("/b"), audited("/c", { canonical: u("/elsewhere") })])).passed).toBe(true);
  });
});

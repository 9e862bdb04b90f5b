import { describe, expect, it } from "vitest";
import { duplicateMetaDescriptions } from "../../../src/site/checks/duplicate-meta-descriptions";
import { audited, u, view } from "../../helpers/site-view";

describe("duplicate_meta_descriptions", () => {
  it("fails with the pages sharing a description", () => {
    const verdict = duplicateMetaDescriptions.run(view([audited("/a", { description: "Buy" }), audited("/b", { description: "buy" })]));
    expect(verdict.examples).toEqual([{ value: "Buy", urls: [u("/a"), u("/b")] }]);
    expect(verdict.passed).toBe(false);
  });
  it("passes when pages without a description are the only ones alike", () => {
    expect(duplicateMetaDescriptions.run(view([audited("/a"), audited("/b"), audited("/c", { description: "C" })])).passed).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { contentFeatures } from "../../../../src/analysis/structured-data/rich-results/features-content";
import { expectRulesInVocabulary } from "../../../helpers/feature-rules";

describe("contentFeatures", () => {
  it("name only types and properties of the pinned schema.org release", () => {
    expectRulesInVocabulary(contentFeatures);
  });

  it("hold one rule per feature", () => {
    const features = contentFeatures.map((rule) => rule.feature);
    expect(new Set(features).size).toBe(features.length);
    expect(features).toEqual(expect.arrayContaining(["Article", "Breadcrumb", "Organization"]));
  });
});

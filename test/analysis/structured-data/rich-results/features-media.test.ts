import { describe, expect, it } from "vitest";
import { mediaFeatures, retiredFeatures } from "../../../../src/analysis/structured-data/rich-results/features-media";
import { expectRulesInVocabulary } from "../../../helpers/feature-rules";

describe("mediaFeatures and retiredFeatures", () => {
  it("name only types and properties of the pinned schema.org release", () => {
    expectRulesInVocabulary(mediaFeatures);
    expectRulesInVocabulary(retiredFeatures);
  });

  it("retire features no shown feature still claims", () => {
    const shown = new Set(mediaFeatures.map((rule) => rule.feature));
    expect(retiredFeatures.map((rule) => rule.feature).filter((feature) => shown.has(feature))).toEqual([]);
    expect(retiredFeatures.map((rule) => rule.feature)).toEqual(expect.arrayContaining(["How-to", "Sitelinks search box"]));
  });
});

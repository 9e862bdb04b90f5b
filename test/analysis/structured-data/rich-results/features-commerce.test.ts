import { describe, expect, it } from "vitest";
import { commerceFeatures } from "../../../../src/analysis/structured-data/rich-results/features-commerce";
import { expectRulesInVocabulary } from "../../../helpers/feature-rules";

describe("commerceFeatures", () => {
  it("name only types and properties of the pinned schema.org release", () => {
    expectRulesInVocabulary(commerceFeatures);
  });

  it("judge a local business only where it stands alone, and a product by its name", () => {
    expect(commerceFeatures.find((rule) => rule.feature === "Local business")).toMatchObject({ types: ["LocalBusiness"], topLevelOnly: true });
    expect(commerceFeatures.find((rule) => rule.feature === "Product snippets")!.required).toContain("name");
  });
});

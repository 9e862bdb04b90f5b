import { describe, expect, it } from "vitest";
import { bundledVocabulary } from "../../../src/analysis/structured-data/bundled-vocabulary";
import { VOCABULARY } from "../../../src/analysis/structured-data/vocabulary-data";
import { vocabularyFrom } from "../../../src/analysis/structured-data/vocabulary";

describe("bundledVocabulary", () => {
  it("hands the module's own table: a schema.org release the vocabulary reads", async () => {
    const text = await bundledVocabulary();
    expect(text).toBe(VOCABULARY);
    const vocabulary = vocabularyFrom(text!);
    expect(vocabulary.release).toMatch(/^\d+\.\d+$/);
    expect(vocabulary.isType("Organization")).toBe(true);
    expect(vocabulary.isProperty("headline")).toBe(true);
  });
});

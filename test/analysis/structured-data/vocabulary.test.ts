import { describe, expect, it } from "vitest";
import { VOCABULARY } from "../../../src/analysis/structured-data/vocabulary-data";
import { pageVocabulary, parseVocabulary, vocabularyFrom } from "../../../src/analysis/structured-data/vocabulary";
import { makePage } from "../../helpers/page";

// A release of three types, two properties and one superseded term, in the generator's format.
const tiny = ["9.9", "--", "Thing - -", "Text d -", "Product p 0", "--", "name - 0 1", "oldName a 2 1", "--", "title name"].join("\n");

describe("parseVocabulary and vocabularyFrom", () => {
  it("read types with their parents, data types, properties with domains and ranges, and the flags", () => {
    const table = parseVocabulary(tiny);
    expect(table).toMatchObject({ release: "9.9", types: ["Thing", "Text", "Product"], parents: [[], [], [0]], dataTypes: [1], pending: ["Product"], attic: ["oldName"] });
    const vocabulary = vocabularyFrom(tiny);
    expect(vocabulary.ancestors("Product")).toEqual(new Set(["Product", "Thing"]));
    expect(vocabulary.domains("name")).toEqual(["Thing"]);
    expect(vocabulary.ranges("oldName")).toEqual(["Text"]);
    expect(vocabulary.isDataType("Text")).toBe(true);
    expect(vocabulary.isPending("Product")).toBe(true);
    expect(vocabulary.isRetired("oldName")).toBe(true);
    expect(vocabulary.supersededBy("title")).toBe("name");
    expect(vocabulary.spelling("product")).toBe("Product");
    expect(vocabulary.isProperty("toString")).toBe(false);
    expect(vocabulary.domains("constructor")).toEqual([]);
  });

  it("read the pinned release, once per text", () => {
    const vocabulary = vocabularyFrom(VOCABULARY);
    expect(vocabulary.isType("Product")).toBe(true);
    expect(vocabulary.ancestors("NewsArticle")).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect([...vocabulary.ancestors("NewsArticle")]).toEqual(expect.arrayContaining(["Article", "CreativeWork", "Thing"]));
    expect(vocabularyFrom(VOCABULARY)).toBe(vocabulary);
  });

  it("give a page the vocabulary its analysis gathered, or none", () => {
    const page = makePage("<p>x</p>");
    expect(pageVocabulary(page)?.isType("Product")).toBe(true);
    expect(pageVocabulary({ ...page, fetch: { ...page.fetch, schemaVocabulary: null } })).toBeNull();
  });
});

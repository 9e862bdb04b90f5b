import { describe, expect, it } from "vitest";
import { valuesOf } from "../../../src/analysis/structured-data/item";
import { graphOf } from "../../helpers/item-graph";

describe("an item's properties (valuesOf)", () => {
  it("reads only the properties a page wrote: Object's own names are not properties, and __proto__ is one like any other", () => {
    const graph = graphOf('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"A","__proto__":"p"}</script>');
    const [thing] = graph.items;
    expect(valuesOf(thing!, "constructor")).toEqual([]);
    expect(valuesOf(thing!, "toString")).toEqual([]);
    expect(Object.keys(thing!.properties)).toEqual(["name", "__proto__"]);
    expect(valuesOf(thing!, "__proto__")).toEqual([{ kind: "text", text: "p" }]);
    expect(Object.getPrototypeOf(thing!.properties)).toBe(Object.prototype);
  });

});

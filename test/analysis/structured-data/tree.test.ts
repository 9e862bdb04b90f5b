import { describe, expect, it } from "vitest";
import { itemTree, MAX_TREE_NODES } from "../../../src/analysis/structured-data/tree";
import { graphOf, jsonLd } from "../../helpers/item-graph";

const ld = (data: Record<string, unknown>) => jsonLd({ "@context": "https://schema.org", ...data });

describe("itemTree", () => {
  it("shows each item with its label, its text properties once, its nested items and its references", () => {
    const graph = graphOf(ld({ "@type": "Article", headline: "Hello", about: ["a", "b"], author: { "@type": "Person", name: "Ada" }, publisher: { "@id": "#org" } }));
    expect(itemTree(graph.items)).toEqual([
      {
        at: "JSON-LD block 1 $",
        syntax: "json-ld",
        types: ["Article"],
        label: "Hello",
        properties: ["headline", "about"],
        children: [
          { property: "author", node: { at: "JSON-LD block 1 $.author", syntax: "json-ld", types: ["Person"], label: "Ada", properties: ["name"], children: [] } },
          { property: "publisher", ref: "#org" },
        ],
      },
    ]);
  });

  it("shortens a long label and stops at the node budget", () => {
    const [node] = itemTree(graphOf(ld({ "@type": "Thing", name: "x".repeat(100) })).items);
    expect(node!.label).toBe(`${"x".repeat(77)}...`);
    const many = graphOf(Array.from({ length: MAX_TREE_NODES + 5 }, (_, i) => ld({ "@type": "Thing", name: `t${i}` })).join(""));
    expect(itemTree(many.items)).toHaveLength(MAX_TREE_NODES);
  });
});

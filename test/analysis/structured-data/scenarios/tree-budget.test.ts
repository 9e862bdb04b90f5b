import { describe, expect, it } from "vitest";
import { itemGraph } from "../../../../src/analysis/structured-data/extract";
import { itemTree, MAX_TREE_NODES, type ItemNode } from "../../../../src/analysis/structured-data/tree";
import { makePage } from "../../../helpers/page";

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", ...(data as object) })}</script>`;
const treeOf = (body: string) => itemTree(itemGraph(makePage(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`)).items);
const count = (nodes: ItemNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children.flatMap((c) => (c.node ? [c.node] : []))), 0);

describe("itemTree: the stored tree of a page's items", () => {
  it("gives every top-level item its node before nested items spend the budget, and counts what it left out", () => {
    const list = { "@type": "ItemList", name: "53 soups", itemListElement: Array.from({ length: 53 }, (_, i) => ({ "@type": "ListItem", position: i + 1, name: `Soup ${i + 1}` })) };
    const tree = treeOf(jsonLd(list) + jsonLd({ "@type": "BlogPosting", headline: "Leek soup", author: { "@type": "Person", name: "Sam" } }));
    expect(tree.map((node) => node.types)).toEqual([["ItemList"], ["BlogPosting"]]);
    expect(count(tree)).toBe(MAX_TREE_NODES);
    // Level by level, each item's first nested item before any item's second: the author is not crowded out by the entries.
    const [listNode, post] = tree;
    expect(post!.label).toBe("Leek soup");
    expect(post!.children).toEqual([{ property: "author", node: expect.objectContaining({ types: ["Person"], label: "Sam" }) }]);
    expect(listNode!.children).toHaveLength(MAX_TREE_NODES - 3);
    expect(listNode!.children.map((c) => c.node!.label).slice(0, 2)).toEqual(["Soup 1", "Soup 2"]);
    expect(listNode!.omitted).toBe(53 - (MAX_TREE_NODES - 3));
    expect(post!.omitted).toBeUndefined();
  });

  it("shows a concert page's band after its 13 events, each event with what fits of its own items", () => {
    const event = (i: number) => ({
      "@type": "MusicEvent",
      name: `Night ${i}`,
      location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetLocality: "X" } },
      offers: { "@type": "Offer", price: "20" },
    });
    const tree = treeOf(jsonLd({ "@graph": [...Array.from({ length: 13 }, (_, i) => event(i + 1)), { "@type": "MusicGroup", name: "The Band" }] }));
    expect(tree).toHaveLength(14);
    expect(tree[13]).toMatchObject({ types: ["MusicGroup"], label: "The Band" });
    // 14 top-level nodes, then the 13 places (each event's first) and the 13 offers; the addresses find the budget spent.
    expect(count(tree)).toBe(MAX_TREE_NODES);
    expect(tree.every((node, i) => i === 13 || node.children.map((c) => c.property).join() === "location,offers")).toBe(true);
    expect(tree[0]!.children[0]!.node!.omitted).toBe(1);
  });

  it("keeps its depth limit, counting the items below it as left out", () => {
    const deep = (n: number): object => (n === 0 ? { "@type": "Thing", name: "leaf" } : { "@type": "Thing", name: `level ${n}`, subjectOf: deep(n - 1) });
    let node: ItemNode | undefined = treeOf(jsonLd(deep(6)))[0];
    let depth = 0;
    while (node!.children[0]?.node) {
      node = node!.children[0].node;
      depth++;
    }
    expect(depth).toBe(4);
    expect(node!.omitted).toBe(1);
  });
});

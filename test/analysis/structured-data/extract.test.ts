import { describe, expect, it } from "vitest";
import { itemGraph } from "../../../src/analysis/structured-data/extract";
import { graphOf, jsonLd, plain } from "../../helpers/item-graph";
import { makePage } from "../../helpers/page";

describe("itemGraph", () => {
  it("reads an item with itemprop and no item above it as top-level (Blogger's posts), its nested items as its own", () => {
    const graph = graphOf(`
      <div itemprop="blogPost" itemscope itemtype="http://schema.org/BlogPosting">
        <meta itemprop="blogId" content="451"><h3 itemprop="name">Beans</h3>
        <span itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Margaret</span></span>
      </div>
      <div itemscope itemtype="https://schema.org/WebSite"><span itemprop="name">Notes</span></div>
      <div id="extra" itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="name">R</span></div>
      <div itemprop="mainEntity" itemscope itemtype="https://schema.org/Book" itemref="extra"><span itemprop="name">B</span></div>`);
    // In document order; the review another orphan refers to (itemref) is that item's value, not a second top-level one.
    expect(graph.items.map((item) => plain(item))).toEqual([
      { types: ["BlogPosting"], blogId: ["451"], name: ["Beans"], author: [{ types: ["Person"], name: ["Margaret"] }] },
      { types: ["WebSite"], name: ["Notes"] },
      { types: ["Book"], name: ["B"], review: [{ types: ["Review"], name: ["R"] }] },
    ]);
    expect(graph.items.every((item) => item.topLevel)).toBe(true);
    expect(graph.all.filter((item) => !item.topLevel).map((item) => item.types)).toEqual([["Person"], ["Review"]]);
  });

  it("reads nothing, and builds nothing, on a page without structured data", () => {
    expect(graphOf("<p>plain</p>")).toEqual({ items: [], all: [], problems: [], referenced: new Set() });
  });

  it("puts JSON-LD items first, then Microdata and RDFa, and resolves an @id to the fullest node of that id in any syntax", () => {
    const graph = graphOf(
      '<div itemscope itemtype="https://schema.org/Organization" itemid="#org"><span itemprop="name">Acme</span><a itemprop="url" href="/">home</a></div>' +
        jsonLd({ "@context": "https://schema.org", "@type": "Article", headline: "Hi", publisher: { "@id": "#org" } }) +
        jsonLd({ "@context": "https://schema.org", "@type": "Organization", "@id": "#org" }) +
        '<div vocab="https://schema.org/" typeof="Event"><span property="name">Gig</span></div>',
    );
    expect(graph.items.map((item) => item.types[0])).toEqual(["Article", "Organization", "Organization", "Event"]);
    const publisher = graph.items[0]!.properties.publisher![0]!;
    expect(publisher.kind).toBe("ref");
    const target = publisher.kind === "ref" ? publisher.target : null;
    expect(target).toBe(graph.items[2]);
    expect(plain(target!)).toEqual({ types: ["Organization"], id: "#org", name: ["Acme"], url: ["https://example.com/"] });
    expect(graph.referenced).toEqual(new Set([target]));
  });

  it("reads a page once: every check asking gets the same graph", () => {
    const page = makePage(jsonLd({ "@context": "https://schema.org", "@type": "Thing", name: "A" }));
    expect(itemGraph(page)).toBe(itemGraph(page));
    expect(itemGraph(makePage("<p>x</p>"))).not.toBe(itemGraph(page));
  });
});

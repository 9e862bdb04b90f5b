import { describe, expect, it } from "vitest";
import { itemGraph } from "../../../src/analysis/structured-data/extract";
import { valuesOf, type Item, type ItemValue } from "../../../src/analysis/structured-data/item";
import { makePage } from "../../helpers/page";

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const graphOf = (body: string) => itemGraph(makePage(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`));

/** An item as plain data: types, id, and each property's values (nested items as plain data too). */
function plain(item: Item, depth = 0): unknown {
  const value = (v: ItemValue): unknown =>
    v.kind === "item" ? (depth > 3 ? "[item]" : plain(v.item, depth + 1)) : v.kind === "ref" ? { ref: v.id, resolved: v.target !== null } : v.text;
  return {
    types: item.types,
    ...(item.id !== null && { id: item.id }),
    ...Object.fromEntries(Object.entries(item.properties).map(([name, values]) => [name, values.map(value)])),
  };
}

describe("itemGraph", () => {
  it("reads JSON-LD: arrays, @graph, nested items, @value, prefixed and full-IRI terms, and resolves @id references", () => {
    const graph = graphOf(
      jsonLd({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "Organization", "@id": "#org", name: "Acme", "schema:url": "https://acme.test/" },
          { "@type": "https://schema.org/Article", headline: { "@value": "Hello" }, publisher: { "@id": "#org" }, "og:title": "skipped" },
        ],
      }) + jsonLd([{ "@context": "https://schema.org", "@type": "Product", name: "P", offers: [{ "@type": "Offer", price: 10 }] }]),
    );
    expect(graph.problems).toEqual([]);
    expect(graph.items.map((item) => item.at)).toEqual([
      "JSON-LD block 1 $['@graph'][0]",
      "JSON-LD block 1 $['@graph'][1]",
      "JSON-LD block 2 $[0]",
    ]);
    expect(plain(graph.items[1]!)).toEqual({ types: ["Article"], headline: ["Hello"], publisher: [{ ref: "#org", resolved: true }] });
    expect(plain(valuesOf(graph.items[1]!, "publisher")[0]!.kind === "item" ? (valuesOf(graph.items[1]!, "publisher")[0] as { item: Item }).item : graph.items[0]!)).toEqual({
      types: ["Organization"],
      id: "#org",
      name: ["Acme"],
      url: ["https://acme.test/"],
    });
    expect(plain(graph.items[2]!)).toEqual({ types: ["Product"], name: ["P"], offers: [{ types: ["Offer"], price: ["10"] }] });
    expect(graph.all.map((item) => item.at)).toContain("JSON-LD block 2 $[0].offers[0]");
  });

  it("reports blocks that do not parse and items without a schema.org context or a type", () => {
    const graph = graphOf(
      '<script type="application/ld+json">{ "@type": </script>' +
        jsonLd({ "@context": "https://example.org", "@type": "Thing" }) +
        jsonLd({ "@context": "https://schema.org", name: "untyped" }),
    );
    expect(graph.problems.map((p) => [p.at, p.message.replace(/:.*/, "")])).toEqual([
      ["JSON-LD block 1", "not valid JSON"],
      ["JSON-LD block 2 $", "@context is not schema.org"],
      ["JSON-LD block 3 $", "no @type"],
    ]);
  });

  it("reads Microdata: nested items, itemref, itemid, and each element's value (content, href, datetime, text)", () => {
    const graph = graphOf(`
      <div id="product" itemscope itemtype="https://schema.org/Product" itemref="extra" itemid="urn:p1">
        <h1 itemprop="name">Widget</h1>
        <a itemprop="url" href="/widget">link</a>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <meta itemprop="price" content="9.99"><span itemprop="priceCurrency">EUR</span>
        </div>
      </div>
      <p id="extra"><time itemprop="releaseDate" datetime="2024-05-01">May</time></p>`);
    expect(graph.items).toHaveLength(1);
    expect(graph.items[0]!.at).toBe("div#product");
    expect(plain(graph.items[0]!)).toEqual({
      types: ["Product"],
      id: "urn:p1",
      name: ["Widget"],
      url: ["https://example.com/widget"],
      offers: [{ types: ["Offer"], price: ["9.99"], priceCurrency: ["EUR"] }],
      releaseDate: ["2024-05-01"],
    });
  });

  it("reads only the properties a page wrote: Object's own names are not properties, and __proto__ is one like any other", () => {
    const graph = graphOf('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"A","__proto__":"p"}</script>');
    const [thing] = graph.items;
    expect(valuesOf(thing!, "constructor")).toEqual([]);
    expect(valuesOf(thing!, "toString")).toEqual([]);
    expect(Object.keys(thing!.properties)).toEqual(["name", "__proto__"]);
    expect(valuesOf(thing!, "__proto__")).toEqual([{ kind: "text", text: "p" }]);
    expect(Object.getPrototypeOf(thing!.properties)).toBe(Object.prototype);
  });

  it("ends an itemref loop", () => {
    const graph = graphOf('<div id="a" itemscope itemtype="https://schema.org/Thing" itemref="b"><span itemprop="name">A</span></div><div id="b" itemprop="description" itemscope itemref="a"></div>');
    expect(graph.items).toHaveLength(1);
    expect(graph.items[0]!.properties.name).toHaveLength(1);
  });

  it("reads RDFa Lite: vocab, typeof, property, resource, prefix, and nested items", () => {
    const graph = graphOf(`
      <div vocab="https://schema.org/" typeof="Event" resource="#ev">
        <span property="name">Concert</span>
        <time property="startDate" datetime="2025-06-01T20:00">June</time>
        <div property="location" typeof="Place"><span property="name">Hall</span></div>
        <a property="url" href="https://ev.test/">site</a>
      </div>
      <div prefix="s: https://schema.org/" typeof="s:Person"><span property="s:name">Ada</span><span property="foaf:nick">skipped</span></div>`);
    expect(graph.items.map((item) => plain(item))).toEqual([
      { types: ["Event"], id: "#ev", name: ["Concert"], startDate: ["2025-06-01T20:00"], location: [{ types: ["Place"], name: ["Hall"] }], url: ["https://ev.test/"] },
      { types: ["Person"], name: ["Ada"] },
    ]);
  });

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
});

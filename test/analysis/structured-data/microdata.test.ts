import { describe, expect, it } from "vitest";
import { graphOf, plain } from "../../helpers/item-graph";

describe("itemGraph on Microdata", () => {
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

  it("ends an itemref loop", () => {
    const graph = graphOf('<div id="a" itemscope itemtype="https://schema.org/Thing" itemref="b"><span itemprop="name">A</span></div><div id="b" itemprop="description" itemscope itemref="a"></div>');
    expect(graph.items).toHaveLength(1);
    expect(graph.items[0]!.properties.name).toHaveLength(1);
  });

});

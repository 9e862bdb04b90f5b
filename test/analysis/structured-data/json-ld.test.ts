import { describe, expect, it } from "vitest";
import { valuesOf, type Item } from "../../../src/analysis/structured-data/item";
import { graphOf, jsonLd, plain } from "../../helpers/item-graph";

describe("itemGraph on JSON-LD", () => {
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

});

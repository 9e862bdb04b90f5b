/**
 * Our schema.org findings against a widely used open-source validator, @adobe/structured-data-validator (with the
 * extractor it is built for, @marbec/web-auto-extractor), run on the same vocabulary: the pinned release's table,
 * written back as the schema.org JSON-LD graph that validator reads. It checks what both check: unknown types
 * (errors) and properties a type does not define (warnings). What only we check (superseded, pending and retired
 * terms, value kinds) and the deliberate differences are in docs/analysis.md.
 */
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { describe, expect, it } from "vitest";
import { itemGraph } from "../../../src/analysis/structured-data/extract";
import { validateGraph } from "../../../src/analysis/structured-data/validate";
import { VOCABULARY } from "../../../src/analysis/structured-data/vocabulary-data";
import { parseVocabulary, vocabularyFrom } from "../../../src/analysis/structured-data/vocabulary";
import { makePage } from "../../helpers/page";

function releaseAsJsonLd() {
  const table = parseVocabulary(VOCABULARY);
  const ref = (i: number) => ({ "@id": `schema:${table.types[i]}` });
  return {
    "@graph": [
      ...table.types.map((name, i) => ({ "@id": `schema:${name}`, "@type": "rdfs:Class", "rdfs:subClassOf": table.parents[i]!.map(ref) })),
      ...Object.entries(table.properties).map(([name, [domains]]) => ({ "@id": `schema:${name}`, "@type": "rdf:Property", "schema:domainIncludes": domains.map(ref) })),
    ],
  };
}

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const ctx = "https://schema.org";

/** Pages with one problem or none each, in each syntax; multi-typed items are left out (see docs/analysis.md). */
const pages: Record<string, string> = {
  "valid product": jsonLd({ "@context": ctx, "@type": "Product", name: "W", offers: { "@type": "Offer", price: "1", priceCurrency: "EUR" } }),
  "unknown type": jsonLd({ "@context": ctx, "@type": "Gizmo", name: "x" }),
  "misspelt type": jsonLd({ "@context": ctx, "@type": "Prodcut", name: "x" }),
  "property of another type": jsonLd({ "@context": ctx, "@type": "Person", name: "A", sku: "1" }),
  "unknown property": jsonLd({ "@context": ctx, "@type": "Organization", name: "A", colour: "red" }),
  "nested problems": jsonLd({ "@context": ctx, "@type": "Recipe", name: "S", author: { "@type": "Person", name: "A", isbn: "1" }, video: { "@type": "Videoobject", name: "v" } }),
  "graph": jsonLd({ "@context": ctx, "@graph": [{ "@type": "WebSite", name: "S", headline: "h" }, { "@type": "BlogPosting", headline: "h", recipeYield: "4" }] }),
  "inherited properties": jsonLd({ "@context": ctx, "@type": "Restaurant", name: "R", servesCuisine: "Dutch", address: { "@type": "PostalAddress", streetAddress: "1" }, openingHours: "Mo 9-5" }),
  "microdata": '<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">E</span><span itemprop="isbn">1</span><div itemprop="location" itemscope itemtype="https://schema.org/Plaec"><span itemprop="name">H</span></div></div>',
  "microdata valid": '<div itemscope itemtype="https://schema.org/Book"><span itemprop="name">B</span><span itemprop="isbn">1</span></div>',
  "rdfa": '<div vocab="https://schema.org/" typeof="Movie"><span property="name">M</span><span property="price">3</span></div>',
};

/** "type:Gizmo" for an unknown type, "property:Person.sku" for a property the type does not define. */
function ours(html: string): string[] {
  const graph = itemGraph(makePage(html));
  const typesAt = new Map(graph.all.map((item) => [item.at, item.types]));
  return validateGraph(graph, vocabularyFrom(VOCABULARY))
    .flatMap((finding) => {
      const type = /^"(.+)" is not a schema\.org type$/.exec(finding.message);
      if (type) return [`type:${type[1]}`];
      if (finding.property && /is not a (schema\.org property|property of)/.test(finding.message)) return [`property:${typesAt.get(finding.at)![0]}.${finding.property}`];
      return [];
    })
    .sort();
}

async function theirs(html: string): Promise<string[]> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  const issues = (await new Validator(releaseAsJsonLd()).validate(extracted)) as { errorType?: string; issueMessage: string }[];
  return issues
    .filter((issue) => issue.errorType === "schemaOrg")
    .map((issue) => {
      const type = /^Type "(.+)" is not a valid schema\.org type$/.exec(issue.issueMessage);
      if (type) return `type:${type[1]}`;
      const property = /^Property "(.+)" for type "(.+)" is not supported/.exec(issue.issueMessage);
      return property ? `property:${property[2]}.${property[1]}` : `other:${issue.issueMessage}`;
    })
    .sort();
}

describe("schema.org findings agree with @adobe/structured-data-validator on the same release", () => {
  it.each(Object.entries(pages))("%s", async (_name, html) => {
    const expected = await theirs(html);
    expect(ours(html)).toEqual(expected);
  });

  it("is not vacuous: the validator finds problems on the pages that have them", async () => {
    expect(await theirs(pages["nested problems"]!)).toEqual(["property:Person.isbn", "type:Videoobject"]);
  });
});

import { describe, expect, it } from "vitest";
import { evaluateRichResults, featureRules, MAX_FINDINGS } from "../../../../src/analysis/structured-data/rich-results/evaluate";
import { VOCABULARY } from "../../../../src/analysis/structured-data/vocabulary-data";
import { vocabularyFrom } from "../../../../src/analysis/structured-data/vocabulary";
import { graphOf, jsonLd } from "../../../helpers/item-graph";

const vocabulary = vocabularyFrom(VOCABULARY);
const evaluate = (body: string) => evaluateRichResults(graphOf(body), vocabulary);
const ld = (data: Record<string, unknown>) => jsonLd({ "@context": "https://schema.org", ...data });

describe("evaluateRichResults", () => {
  it("judges each candidate item against its feature's rule: eligible when nothing required is missing", () => {
    const { features } = evaluate(ld({ "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" }] }) + ld({ "@type": "BreadcrumbList" }));
    const crumbs = features.find((f) => f.feature === "Breadcrumb")!;
    expect(crumbs).toMatchObject({ items: 2, eligible: 1 });
    expect(crumbs.error_count).toBeGreaterThan(0);
    expect(crumbs.errors[0]).toMatchObject({ level: "error", message: expect.stringMatching(/^Breadcrumb: required .* is missing$/) });
  });

  it(`keeps the first ${MAX_FINDINGS} findings of a feature and counts the rest`, () => {
    const products = Array.from({ length: 30 }, () => ld({ "@type": "Product", offers: { "@type": "Offer", price: "1", priceCurrency: "EUR" } })).join("");
    const product = evaluate(products).features.find((f) => f.feature === "Product snippets")!;
    expect(product.items).toBe(30);
    expect(product.eligible).toBe(0);
    expect(product.errors).toHaveLength(MAX_FINDINGS);
    expect(product.error_count).toBeGreaterThanOrEqual(30);
  });

  it("leaves a top-level-only feature's type alone where it is another item's value", () => {
    const business = { "@type": "LocalBusiness", name: "Hall", address: "1 Main St" };
    expect(evaluate(ld(business)).features.map((f) => f.feature)).toContain("Local business");
    const nested = evaluate(ld({ "@type": "Event", name: "Gig", location: business }));
    expect(nested.features.map((f) => f.feature)).not.toContain("Local business");
  });

  it("lists retired features the page still marks up, and reports features in the order of the rule tables", () => {
    const result = evaluate(ld({ "@type": "HowTo", name: "Fix it" }) + ld({ "@type": "Product", name: "P" }) + ld({ "@type": "Article", headline: "A" }));
    expect(result.retired.map((r) => r.feature)).toEqual(["How-to"]);
    const order = featureRules.map((rule) => rule.feature);
    const found = result.features.map((f) => f.feature);
    expect(found).toEqual([...found].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(evaluate("<p>none</p>")).toEqual({ features: [], retired: [] });
  });
});

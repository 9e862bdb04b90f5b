import { describe, expect, it } from "vitest";
import { structuredDataValid } from "../../../src/analysis/checks/structured-data-valid";
import type { Finding } from "../../../src/analysis/structured-data/finding";
import type { ItemNode } from "../../../src/analysis/structured-data/tree";
import { makePage } from "../../helpers/page";

const block = (text: string) => `<script type="application/ld+json">${text}</script>`;
const jsonLd = (data: unknown) => block(JSON.stringify(data));
const item = (data: Record<string, unknown>) => jsonLd({ "@context": "https://schema.org", ...data });
const run = (html: string) => structuredDataValid.run(makePage(html));

interface Value {
  release: string | null;
  items: number;
  errors: number;
  warnings: number;
  warnings_listed: Finding[];
  tree: ItemNode[];
}
const valueOf = (html: string) => run(html).value as Value;
const messages = (html: string) => valueOf(html).warnings_listed.map((w) => w.message);

describe("structured_data_valid check", () => {
  it("passes valid schema.org in each accepted @context form, naming the pinned release", () => {
    const html = [
      item({ "@type": "Organization", name: "Acme", url: "https://acme.test/" }),
      jsonLd({ "@context": "http://schema.org/", "@type": "WebSite", name: "Site" }),
      jsonLd({ "@context": { "@vocab": "https://schema.org/" }, "@type": "Person", name: "Ada" }),
      jsonLd({ "@context": "https://schema.org", "@graph": [{ "@type": "WebPage" }, { "@type": "Article", headline: "H", datePublished: "2025-01-02" }] }),
    ].join("");
    const verdict = run(html);
    expect(verdict.passed).toBe(true);
    expect(verdict.value).toMatchObject({ release: "30.0", items: 5, errors: 0, warnings: 0 });
  });

  it("fails an unknown type, suggesting the right case when only the case is wrong", () => {
    const verdict = run(item({ "@type": "product", name: "x" }) + item({ "@type": "Gizmo" }));
    expect(verdict.passed).toBe(false);
    expect(verdict.errors).toEqual({
      schema_org: [
        { level: "error", at: "JSON-LD block 1 $", message: '"product" is not a schema.org type', fix: 'Write "Product" (types are case-sensitive).' },
        { level: "error", at: "JSON-LD block 2 $", message: '"Gizmo" is not a schema.org type', fix: "Use a type that schema.org 30.0 defines." },
      ],
    });
  });

  it("fails JSON that does not parse and items without a schema.org context or a type", () => {
    const verdict = run(block('{ "@type": ') + jsonLd({ "@context": "https://example.org", "@type": "Thing" }) + jsonLd({ "@type": "Thing" }) + item({ name: "untyped" }));
    expect(verdict.passed).toBe(false);
    const errors = (verdict.errors as { schema_org: Finding[] }).schema_org.map((e) => [e.at, e.message.replace(/:.*/, "")]);
    expect(errors).toEqual([
      ["JSON-LD block 1", "not valid JSON"],
      ["JSON-LD block 2 $", "@context is not schema.org"],
      ["JSON-LD block 3 $", "no @context"],
      ["JSON-LD block 4 $", "no @type"],
    ]);
  });

  it("warns, without failing, of a property the type does not define and of an unknown property", () => {
    const verdict = run(item({ "@type": "Person", name: "Ada", price: "3", favouriteColour: "blue", Name: "x" }));
    expect(verdict.passed).toBe(true);
    expect((verdict.value as Value).warnings_listed).toEqual([
      expect.objectContaining({ property: "price", message: '"price" is not a property of Person' }),
      { level: "warning", at: "JSON-LD block 1 $", property: "favouriteColour", message: '"favouriteColour" is not a schema.org property', fix: "Remove it, or use a property schema.org defines." },
      expect.objectContaining({ property: "Name", fix: 'Write "name" (properties are case-sensitive).' }),
    ]);
  });

  it("accepts a property through a parent type, and through any of several types", () => {
    expect(messages(item({ "@type": "NewsArticle", headline: "h", name: "n", url: "https://x.test/" }))).toEqual([]);
    expect(messages(item({ "@type": ["Product", "Book"], isbn: "123", sku: "s" }))).toEqual([]);
  });

  it("warns of values of an unambiguously wrong kind: text for a URL, a date, a number or an item", () => {
    expect(
      messages(
        item({
          "@type": "Question",
          url: "not a url",
          datePublished: "last Tuesday",
          answerCount: "many",
          author: "Jane Doe",
          name: "fine as text",
          text: "2025-01-01",
        }),
      ),
    ).toEqual([
      '"url" expects a URL (URL), not "not a url"',
      '"datePublished" expects an ISO 8601 date or time (Date or DateTime), not "last Tuesday"',
      '"answerCount" expects a number (Integer), not "many"',
      '"author" expects an item (Organization or Person), not "Jane Doe"',
    ]);
  });

  it("does not warn where the expected types leave a choice, or an absolute URL names the item", () => {
    expect(
      messages(
        item({
          "@type": "Product",
          image: "photo.jpg",
          offers: { "@type": "Offer", price: "12.50", availability: "InStock", itemCondition: "https://schema.org/NewCondition", priceValidUntil: "2026-01-01" },
          brand: { "@id": "https://acme.test/#brand" },
          sameAs: "https://example.org/p",
        }),
      ),
    ).toEqual([]);
  });

  it("warns of superseded, retired and pending terms, naming the replacement", () => {
    expect(messages(item({ "@type": "TVSeries", episodes: { "@type": "Episode" } }))).toEqual(['Property "episodes" is superseded by "episode"']);
    expect(messages(item({ "@type": "Season" }))[0]).toMatch(/^Type "Season" is superseded by "/);
    expect(messages(item({ "@type": "Product", hasProductReturnPolicy: { "@type": "MerchantReturnPolicy" } }))).toContain(
      'Property "hasProductReturnPolicy" was retired from schema.org',
    );
    expect(messages(item({ "@type": "3DModel", name: "m" }))).toEqual(['Type "3DModel" is a pending schema.org term']);
  });

  it("validates Microdata and RDFa the same way, naming the element", () => {
    const verdict = run(
      '<div id="p" itemscope itemtype="https://schema.org/Prodcut"><span itemprop="name">W</span></div>' +
        '<div vocab="https://schema.org/" typeof="Person" id="ada"><span property="name">Ada</span><span property="sku">1</span></div>',
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.errors).toEqual({ schema_org: [expect.objectContaining({ at: "div#p", message: '"Prodcut" is not a schema.org type' })] });
    expect((verdict.value as Value).warnings_listed).toEqual([expect.objectContaining({ at: "div#ada", message: '"sku" is not a property of Person' })]);
  });

  it("keeps the items as a tree for the report page: types, label, properties, nested items and references", () => {
    const tree = valueOf(
      jsonLd({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "Organization", "@id": "#org", name: "Acme" },
          { "@type": "Article", headline: "Hello", author: { "@type": "Person", name: "Ada" }, publisher: { "@id": "#org" } },
        ],
      }),
    ).tree;
    expect(tree).toEqual([
      { at: "JSON-LD block 1 $['@graph'][0]", syntax: "json-ld", types: ["Organization"], label: "Acme", properties: ["name"], children: [] },
      {
        at: "JSON-LD block 1 $['@graph'][1]",
        syntax: "json-ld",
        types: ["Article"],
        label: "Hello",
        properties: ["headline"],
        children: [
          { property: "author", node: { at: "JSON-LD block 1 $['@graph'][1].author", syntax: "json-ld", types: ["Person"], label: "Ada", properties: ["name"], children: [] } },
          { property: "publisher", ref: "#org" },
        ],
      },
    ]);
  });

  it("checks a Blogger post (itemprop, no item above it) as a top-level item: its undefined properties are warnings", () => {
    const html = `<div itemprop="blogPost" itemscope itemtype="http://schema.org/BlogPosting">
      <meta content="https://blogger.googleusercontent.com/img/b/a.jpg" itemprop="image_url"><meta content="451" itemprop="blogId"><meta content="882" itemprop="postId">
      <h3 itemprop="name">Beans</h3><div itemprop="description articleBody">Sow them in November.</div></div>`;
    const result = run(html);
    expect(result.passed).toBe(true);
    const value = result.value as Value;
    expect(value.items).toBe(1);
    expect(value.warnings_listed.map((w) => w.message)).toEqual([
      '"image_url" is not a schema.org property',
      '"blogId" is not a schema.org property',
      '"postId" is not a schema.org property',
    ]);
    expect(value.tree).toEqual([{ at: expect.stringContaining("div"), syntax: "microdata", types: ["BlogPosting"], label: "Beans", properties: ["image_url", "blogId", "postId", "name", "description", "articleBody"], children: [] }]);
  });

  it("passes a page whose structured data is only Open Graph, without reading the vocabulary", () => {
    expect(run('<meta property="og:title" content="T">')).toEqual({
      passed: true,
      value: { release: null, items: 0, errors: 0, warnings: 0, warnings_listed: [], tree: [] },
    });
  });

  it("is not applicable to a page without structured data", () => {
    expect(run("<p>nothing</p>")).toEqual({ passed: true, value: "no structured data", applicable: false });
  });

  it("says it could not judge when the schema.org table was not read (a failed asset read), rather than passing", () => {
    const page = makePage(item({ "@type": "Gizmo" }));
    expect(structuredDataValid.run({ ...page, fetch: { ...page.fetch, schemaVocabulary: null } })).toEqual({
      passed: true,
      value: "the schema.org vocabulary could not be read",
      applicable: false,
    });
  });
});

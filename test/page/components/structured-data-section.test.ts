import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { analyse, HOSTILE, insertReport } from "../../helpers/report-page";

// "<" escaped as a page must, or a "</script>" in a value ends the block.
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
const page = (body: string) => `<!doctype html><html lang="en"><head><title>A product page with structured data</title></head><body>${body}<h1>Shoe</h1></body></html>`;

describe("GET /reports/{id}: the Structured data section", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("structured data section");
  });

  async function reportHtml(html: string) {
    const id = await insertReport(caller, { url: "https://shop.example/shoe", analysis: analyse(html, "https://shop.example/shoe") });
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(200);
    return res;
  }

  it("shows the items as a tree, each error and warning beside its item with its fix, without script", async () => {
    const res = await reportHtml(
      page(
        jsonLd({
          "@context": "https://schema.org",
          "@type": "Product",
          name: `Trail shoe ${HOSTILE}`,
          colour: "red",
          offers: { "@type": "Offer", price: "89", priceCurrency: "EUR" },
          review: { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: "4" } },
        }) + jsonLd({ "@context": "https://schema.org", "@type": "Gizmo" }),
      ),
    );
    const html = res.text;
    const section = html.slice(html.indexOf('aria-labelledby="structured-data-heading"'));
    expect(section).toContain("Structured data<small>5 items, schema.org 30.0</small>");
    // The tree: the product, its offer and review nested under their property names, each with its location.
    expect(section).toMatch(/<strong>Product<\/strong> · Trail shoe &lt;script&gt;alert\(1\)&lt;\/script&gt; <code>JSON-LD block 1 \$<\/code>/);
    expect(section).toMatch(/<span class="label">offers<\/span><div class="sd-item"><p><strong>Offer<\/strong> <code>JSON-LD block 1 \$\.offers<\/code>/);
    // A warning beside the product, a rich-result error beside the review, the unknown type beside its item.
    const product = section.slice(0, section.indexOf('<span class="label">offers</span>'));
    expect(product).toContain('<span class="label">Warning:</span> &quot;colour&quot; is not a schema.org property. <span class="muted">Fix: Remove it, or use a property schema.org defines.</span>');
    const review = section.slice(section.indexOf("JSON-LD block 1 $.review</code>"));
    expect(review).toContain('<li class="sd-error"><span class="label">Error:</span> Review snippet: required &quot;author&quot; is missing.');
    expect(section).toMatch(/<strong>Gizmo<\/strong> <code>JSON-LD block 2 \$<\/code><\/p><ul class="sd-findings"><li class="sd-error"><span class="label">Error:<\/span> &quot;Gizmo&quot; is not a schema.org type/);
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toMatch(/<script/i);
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
  });

  it("names a block that does not parse below the tree, and leaves the section out without structured data", async () => {
    const broken = (await reportHtml(page(jsonLd({ "@context": "https://schema.org", "@type": "Thing", name: "T" }) + '<script type="application/ld+json">{ "@type": </script>'))).text;
    expect(broken).toMatch(/<code>JSON-LD block 2<\/code> not valid JSON: /);
    const none = (await reportHtml(page("<p>No markup.</p>"))).text;
    expect(none).not.toContain("structured-data-heading");
  });
});

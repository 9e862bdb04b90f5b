import { describe, expect, it } from "vitest";
import { structuredDataValid } from "../../../src/analysis/checks/structured-data-valid";
import { makePage } from "../../helpers/page";

const block = (text: string) => `<script type="application/ld+json">${text}</script>`;
const jsonLd = (data: unknown) => block(JSON.stringify(data));
const run = (html: string) => structuredDataValid.run(makePage(html));

describe("structured_data_valid check", () => {
  it("passes each accepted form of the schema.org @context", () => {
    const html = [
      jsonLd({ "@context": "https://schema.org", "@type": "Organization" }),
      jsonLd({ "@context": "http://schema.org/", "@type": "WebSite" }),
      jsonLd({ "@context": { "@vocab": "https://schema.org/" }, "@type": "Person" }),
      jsonLd([{ "@context": "HTTPS://SCHEMA.ORG", "@type": "Thing" }]),
    ].join("");
    expect(run(html)).toEqual({ passed: true, value: { blocks: 4, items: 4 } });
  });

  it("passes @graph items that inherit the top-level @context", () => {
    const html = jsonLd({ "@context": "https://schema.org", "@graph": [{ "@type": "WebSite" }, { "@type": "WebPage" }] });
    expect(run(html)).toEqual({ passed: true, value: { blocks: 1, items: 2 } });
  });

  it("passes a page whose structured data is only Open Graph", () => {
    expect(run('<meta property="og:title" content="T">')).toEqual({ passed: true, value: { blocks: 0, items: 0 } });
  });

  it("fails a block that is not JSON, naming it by number", () => {
    const v = run(jsonLd({ "@context": "https://schema.org", "@type": "Thing" }) + block("{ \"@type\": "));
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ blocks: 2, items: 1 });
    const problems = (v.errors as { invalid_json_ld: { block: number; reason: string }[] }).invalid_json_ld;
    expect(problems).toHaveLength(1);
    expect(problems[0]!.block).toBe(2);
    expect(problems[0]!.reason).toMatch(/^not valid JSON: /);
  });

  it("fails items with a foreign or missing @context, no @type, or not an object", () => {
    const html = [
      jsonLd({ "@context": "https://example.org", "@type": "Thing" }),
      jsonLd({ "@type": "Thing" }),
      jsonLd({ "@context": "https://schema.org", "@graph": [{ "@type": "WebSite" }, { name: "no type" }] }),
      jsonLd([{ "@context": "https://schema.org", "@type": "Thing" }, "text"]),
    ].join("");
    expect(run(html)).toEqual({
      passed: false,
      value: { blocks: 4, items: 6 },
      errors: {
        invalid_json_ld: [
          { block: 1, item: "$", reason: "@context is not schema.org" },
          { block: 2, item: "$", reason: "no @context" },
          { block: 3, item: "$['@graph'][1]", reason: "no @type" },
          { block: 4, item: "$[1]", reason: "not an object" },
        ],
      },
    });
  });

  it("is not applicable to a page without structured data", () => {
    expect(run("<p>plain</p>")).toEqual({ passed: true, value: "no structured data", applicable: false });
  });
});

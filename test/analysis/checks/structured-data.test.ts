import { describe, expect, it } from "vitest";
import { structuredData } from "../../../src/analysis/checks/structured-data";
import { makePage } from "../../helpers/page";

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe("structured_data check", () => {
  it("passes JSON-LD and lists its @type values, including those inside @graph", () => {
    const html =
      jsonLd({ "@context": "https://schema.org", "@type": ["Organization", "Brand"] }) +
      jsonLd({ "@context": "https://schema.org", "@graph": [{ "@type": "WebSite" }, { "@type": "WebPage" }] });
    expect(structuredData.run(makePage(html))).toEqual({
      passed: true,
      value: { json_ld: ["Organization", "Brand", "WebSite", "WebPage"] },
    });
  });

  it("passes microdata and RDFa with their types", () => {
    const html =
      '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">X</span></div>' +
      '<div vocab="https://schema.org/" typeof="Person"><span property="name">Y</span></div>';
    expect(structuredData.run(makePage(html))).toEqual({
      passed: true,
      value: { microdata: ["https://schema.org/Product"], rdfa: ["Person"] },
    });
  });

  it("passes Open Graph and Twitter card tags without counting og: properties as RDFa", () => {
    const html = '<meta property="og:type" content="article"><meta property="og:title" content="T"><meta name="twitter:card" content="summary">';
    expect(structuredData.run(makePage(html))).toEqual({
      passed: true,
      value: { open_graph: ["article"], twitter_card: ["summary"] },
    });
  });

  it("still reports a JSON-LD block that does not parse, without types", () => {
    const v = structuredData.run(makePage('<script type="application/ld+json">{ broken</script>'));
    expect(v).toEqual({ passed: true, value: { json_ld: [] } });
  });

  it("fails a page with no structured data of any kind", () => {
    const html = '<meta name="description" content="d"><script type="text/javascript">var property = 1;</script><p>plain</p>';
    expect(structuredData.run(makePage(html))).toEqual({ passed: false, value: {}, errors: { missing: true } });
  });
});

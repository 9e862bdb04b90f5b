import { describe, expect, it } from "vitest";
import { deprecatedHtmlTags } from "../../../src/analysis/checks/deprecated-html-tags";
import { makePage } from "../../helpers/page";

describe("deprecated_html_tags check", () => {
  it("passes modern markup", () => {
    expect(deprecatedHtmlTags.run(makePage("<main><p><b>bold</b> <small>small</small></p></main>"))).toEqual({ passed: true, value: {} });
  });

  it("fails obsolete tags, counting each", () => {
    const html = "<center><font>a</font><font>b</font></center><marquee>c</marquee><tt>d</tt><big>e</big><strike>f</strike><acronym>g</acronym>";
    expect(deprecatedHtmlTags.run(makePage(html))).toEqual({
      passed: false,
      value: { acronym: 1, big: 1, center: 1, font: 2, marquee: 1, strike: 1, tt: 1 },
      errors: { deprecated_tags: ["acronym", "big", "center", "font", "marquee", "strike", "tt"] },
    });
  });
});

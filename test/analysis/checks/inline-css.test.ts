import { describe, expect, it } from "vitest";
import { inlineCss } from "../../../src/analysis/checks/inline-css";
import { makePage } from "../../helpers/page";

describe("inline_css check", () => {
  it("passes a page styled only by stylesheets, and style attributes inside SVG", () => {
    const html = '<style>p { color: red }</style><p class="x">style="not an attribute"</p><svg style="width:1em"><g style="fill:red"><path style="stroke:none"/></g></svg>';
    expect(inlineCss.run(makePage(html))).toEqual({ passed: true, value: 0 });
  });

  it("fails style attributes outside SVG, counting them and listing their tags", () => {
    const html = '<div style="color:red"><p style="margin:0">a</p><p style="">b</p></div><svg><rect style="fill:red"/></svg><span style="x">c</span>';
    expect(inlineCss.run(makePage(html))).toEqual({
      passed: false,
      value: 4,
      errors: { style_attributes: ["div", "p", "span"] },
    });
  });

  it("handles deeply nested styled elements under an SVG-bearing page quickly", () => {
    const depth = 1_500; // below parse.ts's nesting cap, so every element is parsed
    const html = `<svg><g style="x"></g></svg>${'<div style="x">'.repeat(depth)}${"</div>".repeat(depth)}`;
    const v = inlineCss.run(makePage(html));
    expect(v.value).toBe(depth);
    expect(v.errors).toEqual({ style_attributes: ["div"] });
  });
});

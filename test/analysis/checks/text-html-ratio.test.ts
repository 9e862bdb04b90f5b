import { describe, expect, it } from "vitest";
import { textHtmlRatio } from "../../../src/analysis/checks/text-html-ratio";
import { makePage } from "../../helpers/page";

describe("text_html_ratio check", () => {
  it("passes a page whose visible text is most of its HTML", () => {
    // 7 + 42 + 8 = 57 characters of HTML, 42 of text: 73.68...%.
    const html = `<p>${"a".repeat(42)}</p><br><br>`;
    expect(html.length).toBe(57);
    expect(textHtmlRatio.run(makePage(html))).toEqual({ passed: true, value: 73.7 });
  });

  it("fails markup-heavy HTML under the default 10%", () => {
    // 4 characters of text in 120 of HTML.
    const html = `<div class="${"x".repeat(96)}">abcd</div>`;
    expect(textHtmlRatio.run(makePage(html))).toEqual({
      passed: false,
      value: 3.3,
      errors: { too_little_text: { ratio: 3.3, min: 10 } },
    });
  });

  it("uses the configured minimum", () => {
    const html = `<div class="${"x".repeat(96)}">abcd</div>`;
    expect(textHtmlRatio.run(makePage(html, { settings: { minTextHtmlRatio: 3 } })).passed).toBe(true);
  });
});

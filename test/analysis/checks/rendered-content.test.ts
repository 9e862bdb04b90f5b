import { describe, expect, it } from "vitest";
import { renderedContent } from "../../../src/analysis/checks/rendered-content";
import { makeRenderedPage } from "../../helpers/page";

const words = (n: number, stem = "word") => Array.from({ length: n }, (_, i) => `${stem}${i}`).join(" ");

describe("rendered_content check", () => {
  it("does not apply below 200 rendered words", () => {
    expect(renderedContent.run(makeRenderedPage("<p></p>", `<p>${words(199)}</p>`))).toEqual({
      passed: true,
      value: { rendered_words: 199, in_raw_percent: 0 },
      applicable: false,
    });
  });

  it("passes when at least 60% of the rendered words are in the raw HTML", () => {
    const raw = `<p>${words(120)}</p>`;
    const v = renderedContent.run(makeRenderedPage(raw, `<p>${words(120)} ${words(80, "new")}</p>`));
    expect(v).toEqual({ passed: true, value: { rendered_words: 200, in_raw_percent: 60 } });
  });

  it("fails text written by script, counting repeated words once per raw use", () => {
    const v = renderedContent.run(makeRenderedPage("<p>shoes</p>", `<p>${"shoes ".repeat(250)}</p>`));
    expect(v).toEqual({ passed: false, value: { rendered_words: 250, in_raw_percent: 0 }, errors: { script_written_text: { words: 249, of: 250 } } });
  });

  it("ignores script and style text on both sides", () => {
    const v = renderedContent.run(makeRenderedPage(`<p>${words(200)}</p>`, `<script>var x = "${words(500, "js")}";</script><p>${words(200)}</p>`));
    expect(v.passed).toBe(true);
  });
});

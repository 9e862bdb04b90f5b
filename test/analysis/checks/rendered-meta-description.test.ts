import { describe, expect, it } from "vitest";
import { renderedMetaDescription } from "../../../src/analysis/checks/rendered-meta-description";
import { makeRenderedPage } from "../../helpers/page";

describe("rendered_meta_description check", () => {
  const meta = (text: string) => `<meta name="description" content="${text}">`;

  it("passes the same description in raw and rendered HTML", () => {
    expect(renderedMetaDescription.run(makeRenderedPage(meta("About shoes"), meta("About shoes")))).toEqual({
      passed: true,
      value: { raw: "About shoes", rendered: "About shoes" },
    });
  });

  it("passes a page without one on either side", () => {
    expect(renderedMetaDescription.run(makeRenderedPage("<p>a</p>", "<p>b</p>")).passed).toBe(true);
  });

  it("fails one added or changed by script", () => {
    expect(renderedMetaDescription.run(makeRenderedPage("<p>a</p>", meta("Added"))).errors).toEqual({ only_rendered: "Added" });
    expect(renderedMetaDescription.run(makeRenderedPage(meta("Served"), meta("Changed"))).errors).toEqual({
      changed_by_script: { raw: "Served", rendered: "Changed" },
    });
  });
});

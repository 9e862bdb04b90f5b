import { describe, expect, it } from "vitest";
import { renderedTitle } from "../../../src/analysis/checks/rendered-title";
import { makePage, makeRenderedPage } from "../../helpers/page";

describe("rendered_title check", () => {
  it("passes when script leaves the served title as it is", () => {
    const v = renderedTitle.run(makeRenderedPage("<title>Shoes  for sale</title>", "<title>Shoes for sale</title><p>x</p>"));
    expect(v).toEqual({ passed: true, value: { raw: "Shoes for sale", rendered: "Shoes for sale" } });
  });

  it("fails a title written by script, naming it", () => {
    const v = renderedTitle.run(makeRenderedPage("<p>loading</p>", "<title>Written by script</title>"));
    expect(v).toEqual({
      passed: false,
      value: { raw: null, rendered: "Written by script" },
      errors: { only_rendered: "Written by script" },
    });
  });

  it("fails a title that script changes or removes", () => {
    expect(renderedTitle.run(makeRenderedPage("<title>Old</title>", "<title>New</title>")).errors).toEqual({
      changed_by_script: { raw: "Old", rendered: "New" },
    });
    expect(renderedTitle.run(makeRenderedPage("<title>Old</title>", "<p>x</p>")).errors).toEqual({ removed_by_script: "Old" });
  });

  it("ignores a <title> inside inline SVG on both sides", () => {
    const v = renderedTitle.run(makeRenderedPage("<title>Page</title>", "<title>Page</title><svg><title>Chart</title></svg>"));
    expect(v.passed).toBe(true);
  });

  it("does not apply to a page that was not rendered", () => {
    expect(renderedTitle.run(makePage("<title>Page</title>"))).toEqual({ passed: true, value: null, applicable: false });
  });
});

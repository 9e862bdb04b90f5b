import { describe, expect, it } from "vitest";
import { renderedH1 } from "../../../src/analysis/checks/rendered-h1";
import { makeRenderedPage } from "../../helpers/page";

describe("rendered_h1 check", () => {
  it("compares the first h1, whitespace collapsed", () => {
    expect(renderedH1.run(makeRenderedPage("<h1>Shoes\n  sale</h1>", "<h1>Shoes sale</h1><h1>Second</h1>"))).toEqual({
      passed: true,
      value: { raw: "Shoes sale", rendered: "Shoes sale" },
    });
  });

  it("fails an h1 that exists only after script", () => {
    const v = renderedH1.run(makeRenderedPage('<div id="app"></div>', '<div id="app"><h1>Built</h1></div>'));
    expect(v).toEqual({ passed: false, value: { raw: null, rendered: "Built" }, errors: { only_rendered: "Built" } });
  });
});

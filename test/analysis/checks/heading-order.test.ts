import { describe, expect, it } from "vitest";
import { headingOrder } from "../../../src/analysis/checks/heading-order";
import { makePage } from "../../helpers/page";

describe("heading_order check", () => {
  it("passes levels that step down one at a time and jump back up freely", () => {
    const v = headingOrder.run(makePage("<h2>a</h2><h3>b</h3><h4>c</h4><h2>d</h2><h3>e</h3><h1>f</h1>"));
    expect(v).toEqual({ passed: true, value: ["h2", "h3", "h4", "h2", "h3", "h1"] });
  });

  it("fails h2 followed by h4, in document order across nesting", () => {
    const v = headingOrder.run(makePage("<h1>Top</h1><section><h2>Part</h2><div><h4>Deep</h4></div></section>"));
    expect(v).toEqual({
      passed: false,
      value: ["h1", "h2", "h4"],
      errors: { skipped_levels: [{ from: "h2", to: "h4", text: "Deep" }] },
    });
  });

  it("is not applicable without headings", () => {
    expect(headingOrder.run(makePage("<p>text</p>"))).toEqual({ passed: true, value: "no headings", applicable: false });
  });
});

import { describe, expect, it } from "vitest";
import { headings } from "../../../src/analysis/checks/headings";
import { makePage } from "../../helpers/page";

const empty = { h1: [], h2: [], h3: [], h4: [], h5: [], h6: [] };

describe("headings check", () => {
  it("passes one h1 that differs from the title and lists every level", () => {
    const v = headings.run(makePage("<title>Shop | Acme</title><h1> Red  shoes </h1><h2>Sizes</h2><h2>Care</h2><h4>Leather</h4>"));
    expect(v).toEqual({ passed: true, value: { ...empty, h1: ["Red shoes"], h2: ["Sizes", "Care"], h4: ["Leather"] } });
  });

  it("fails a page without a non-empty h1", () => {
    const v = headings.run(makePage("<h1>  </h1><h2>Sub</h2>"));
    expect(v).toEqual({ passed: false, value: { ...empty, h1: [""], h2: ["Sub"] }, errors: { missing_h1: true } });
  });

  it("fails two h1s", () => {
    expect(headings.run(makePage("<h1>One</h1><h1>Two</h1>")).errors).toEqual({ too_many_h1: 2 });
  });

  it("fails an h1 that repeats the title", () => {
    const v = headings.run(makePage("<title>Red Shoes</title><h1>red shoes</h1>"));
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({ same_as_title: "red shoes" });
  });
});

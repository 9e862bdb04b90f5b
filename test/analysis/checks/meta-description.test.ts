import { describe, expect, it } from "vitest";
import { metaDescription } from "../../../src/analysis/checks/meta-description";
import { makePage } from "../../helpers/page";

describe("meta_description check", () => {
  it("passes one description with content, whatever the name's case", () => {
    const v = metaDescription.run(makePage('<head><meta name="Description" content="  A page about things. "></head>'));
    expect(v).toEqual({ passed: true, value: "A page about things." });
  });

  it("fails a missing description", () => {
    expect(metaDescription.run(makePage("<head><title>x</title></head>"))).toEqual({ passed: false, value: null, errors: { missing: true } });
  });

  it("fails an empty description", () => {
    expect(metaDescription.run(makePage('<meta name="description" content="  ">'))).toEqual({ passed: false, value: "", errors: { empty: true } });
  });

  it("fails two descriptions", () => {
    const v = metaDescription.run(makePage('<meta name="description" content="one"><meta name="description" content="two">'));
    expect(v).toEqual({ passed: false, value: "one", errors: { too_many: 2 } });
  });
});

import { describe, expect, it } from "vitest";
import { metaDescriptionLength } from "../../../src/analysis/checks/meta-description-length";
import { makePage } from "../../helpers/page";

const withDescription = (content: string, settings = {}) =>
  makePage(`<meta name="description" content="${content}">`, { settings });

describe("meta_description_length check", () => {
  it("passes a description of 50-160 characters", () => {
    expect(metaDescriptionLength.run(withDescription("a".repeat(50)))).toEqual({ passed: true, value: 50 });
  });

  it("fails a short and a long description", () => {
    expect(metaDescriptionLength.run(withDescription("a".repeat(49)))).toEqual({
      passed: false,
      value: 49,
      errors: { too_short: { length: 49, min: 50 } },
    });
    expect(metaDescriptionLength.run(withDescription("a".repeat(161))).errors).toEqual({ too_long: { length: 161, max: 160 } });
  });

  it("counts characters, not UTF-16 units, and honours the settings", () => {
    expect(metaDescriptionLength.run(withDescription("😀".repeat(10), { metaDescriptionMinLength: 10 })).passed).toBe(true);
  });

  it("is not applicable without a description", () => {
    expect(metaDescriptionLength.run(makePage("<p>x</p>"))).toEqual({ passed: true, value: "no meta description", applicable: false });
  });
});

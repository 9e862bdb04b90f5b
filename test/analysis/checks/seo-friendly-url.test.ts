import { describe, expect, it } from "vitest";
import { seoFriendlyUrl } from "../../../src/analysis/checks/seo-friendly-url";
import { makePage } from "../../helpers/page";

const at = (url: string) => seoFriendlyUrl.run(makePage("<p>x</p>", { url }));

describe("seo_friendly_url check", () => {
  it("passes a short hyphenated path", () => {
    expect(at("https://example.com/blog/red-shoes")).toEqual({ passed: true, value: "/blog/red-shoes" });
  });

  it("fails underscores, encoded spaces, commas and query parameters", () => {
    expect(at("https://example.com/red_shoes")).toEqual({ passed: false, value: "/red_shoes", errors: { unfriendly_characters: ["_"] } });
    expect(at("https://example.com/red shoes,blue").errors).toEqual({ unfriendly_characters: ["%20", ","] });
    expect(at("https://example.com/item?id=3").errors).toEqual({ unfriendly_characters: ["=", "?"] });
  });

  it("fails a path over 115 characters but ignores the host", () => {
    const path = "/" + "a".repeat(115);
    expect(at(`https://example.com${path}`).errors).toEqual({ too_long: { length: 116, max: 115 } });
    expect(at(`https://${"b".repeat(60)}.com/${"a".repeat(114)}`).passed).toBe(true);
  });
});

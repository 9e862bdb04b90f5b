import { describe, expect, it } from "vitest";
import { twitterCard } from "../../../src/analysis/checks/twitter-card";
import { makePage } from "../../helpers/page";

describe("twitter_card check", () => {
  it("passes twitter:card in name= or property=", () => {
    expect(twitterCard.run(makePage('<meta name="twitter:card" content="summary_large_image">'))).toEqual({
      passed: true,
      value: "summary_large_image",
    });
    expect(twitterCard.run(makePage('<meta property="twitter:card" content="summary">'))).toEqual({ passed: true, value: "summary" });
  });

  it("fails a missing twitter:card", () => {
    expect(twitterCard.run(makePage('<meta name="twitter:site" content="@example">'))).toEqual({
      passed: false,
      value: null,
      errors: { missing: true },
    });
  });

  it("fails an empty twitter:card", () => {
    expect(twitterCard.run(makePage('<meta name="twitter:card" content="">'))).toEqual({ passed: false, value: "", errors: { empty: true } });
  });
});

import { describe, expect, it } from "vitest";
import { contentKeywords } from "../../../src/analysis/checks/content-keywords";
import { makePage } from "../../helpers/page";

describe("content_keywords check", () => {
  it("passes when a title word appears in the body text", () => {
    const v = contentKeywords.run(makePage("<title>Handmade Leather Boots</title><body><p>Our boots last.</p></body>"));
    expect(v).toEqual({ passed: true, value: ["boots"] });
  });

  it("fails when only stop words, short words or partial words match", () => {
    const v = contentKeywords.run(makePage("<title>The Cat and Ox Shop</title><body><p>the and ox category shopping</p></body>"));
    expect(v).toEqual({ passed: false, value: [], errors: { title_words_missing: ["cat", "shop"] } });
  });

  it("ignores text in scripts and the head", () => {
    const v = contentKeywords.run(makePage("<title>Garden tools</title><body><script>garden()</script><p>Nothing here</p></body>"));
    expect(v.passed).toBe(false);
  });

  it("finds words of unspaced scripts inside longer runs", () => {
    const v = contentKeywords.run(makePage("<title>東京の天気</title><body><p>今日の東京の天気予報です</p></body>"));
    expect(v).toEqual({ passed: true, value: ["東京の天気"] });
  });

  it("is not applicable without a title or title keywords", () => {
    expect(contentKeywords.run(makePage("<p>x</p>"))).toEqual({ passed: true, value: "no title", applicable: false });
    expect(contentKeywords.run(makePage("<title>The A to Z</title>")).applicable).toBe(false);
  });
});

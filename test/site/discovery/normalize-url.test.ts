import { describe, expect, it } from "vitest";
import { normalizeCrawlUrl } from "../../../src/site/discovery/normalize-url";

describe("normalizeCrawlUrl", () => {
  it.each([
    ["HTTP://Example.COM/Path?b=2#top", "http://example.com/Path?b=2"],
    ["https://example.com/a?utm_source=x&id=1&UTM_Medium=y&gclid=g&fbclid=f", "https://example.com/a?id=1"],
    ["https://example.com/a?utm_campaign=spring", "https://example.com/a"],
    ["https://example.com/a?", "https://example.com/a"],
    ["https://example.com/a#", "https://example.com/a"],
    ["https://example.com/a?#x", "https://example.com/a"],
    ["https://example.com/a?x=1&&y=2", "https://example.com/a?x=1&y=2"],
    ["https://example.com:443/a", "https://example.com/a"],
    ["  https://example.com/trimmed  ", "https://example.com/trimmed"],
    // Other parameters keep their order and spelling: %20 stays %20, not +.
    ["https://example.com/s?q=a%20b&z=1&a=2", "https://example.com/s?q=a%20b&z=1&a=2"],
    ["https://example.com/s?utm%5Fsource=x&k", "https://example.com/s?k"],
    ["https://example.com/caf\u00e9", "https://example.com/caf%C3%A9"],
  ])("normalises %s", (raw, expected) => {
    expect(normalizeCrawlUrl(raw)).toBe(expected);
  });

  it("resolves a relative URL against the base", () => {
    expect(normalizeCrawlUrl("../b?utm_id=1#x", "https://Example.com/a/c")).toBe("https://example.com/b");
    expect(normalizeCrawlUrl("/b", new URL("http://example.com/"))).toBe("http://example.com/b");
  });

  it.each(["mailto:a@example.com", "ftp://example.com/file", "javascript:alert(1)", "not a url", "/relative", "http://", ""])(
    "gives null for %s",
    (raw) => {
      expect(normalizeCrawlUrl(raw)).toBeNull();
    },
  );
});

import { describe, expect, it } from "vitest";
import { newTally, tallyUrl } from "../../../src/site/discovery/url-tally";

describe("URL tally", () => {
  it("keeps the first `limit` distinct URLs in order and counts distinct ones past it", () => {
    const tally = newTally(3);
    const urls = ["a", "b", "a", "c", "d", "b", "e", "d", "e", "f"].map((x) => `https://example.com/${x}`);
    for (const url of urls) tallyUrl(tally, url);
    expect([...tally.kept]).toEqual(["a", "b", "c"].map((x) => `https://example.com/${x}`));
    expect(tally.found).toBe(6);
  });

  it("counts 100,000 distinct URLs past the limit exactly, in a filter that does not grow", () => {
    const tally = newTally(10);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100_010; i++) tallyUrl(tally, `https://example.com/page/${i}`);
    }
    expect(tally.kept.size).toBe(10);
    expect(tally.found).toBe(100_010);
    expect(tally.overflow?.byteLength).toBe(1024 * 1024);
  });
});

import { describe, expect, it } from "vitest";
import { textHash } from "../../src/analysis/text-hash";
import { u } from "../helpers/site-view";

describe("textHash", () => {
  it("hashes text to 53 bits, the same text the same way", () => {
    expect(textHash(u("/a"))).toBe(textHash(u("/a")));
    expect(textHash(u("/a"))).not.toBe(textHash(u("/b")));
    expect(Number.isSafeInteger(textHash("x".repeat(1000)))).toBe(true);
    const hashes = new Set(Array.from({ length: 100_000 }, (_, i) => textHash(u(`/p/${i}`))));
    expect(hashes.size).toBe(100_000);
  });
});

import { describe, expect, it } from "vitest";
import { createDirectoryCache } from "../../src/accounts/directory-cache";

const entry = (accountId: number) => ({ keyId: accountId, accountId, shard: 1, moving: false });

describe("the directory cache", () => {
  it("keeps an answer for its seconds, then forgets it", () => {
    const cache = createDirectoryCache();
    cache.set("h1", entry(1), 1000, 60);
    expect(cache.get("h1", 1000 + 59_999)).toEqual(entry(1));
    expect(cache.get("h1", 1000 + 60_000)).toBeUndefined();
    expect(cache.get("h1", 1000)).toBeUndefined();
  });

  it("keeps nothing with 0 seconds, and at most `limit` keys, the oldest going first", () => {
    const cache = createDirectoryCache(2);
    cache.set("h0", entry(0), 0, 0);
    expect(cache.get("h0", 0)).toBeUndefined();
    cache.set("h1", entry(1), 0, 60);
    cache.set("h2", entry(2), 0, 60);
    cache.set("h3", entry(3), 0, 60);
    expect([cache.get("h1", 1), cache.get("h2", 1), cache.get("h3", 1)]).toEqual([undefined, entry(2), entry(3)]);
  });
});

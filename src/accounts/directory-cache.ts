import type { DirectoryEntry } from "./api-keys";

/**
 * The isolate's memory of directory answers (docs/operations.md "Past one database"): a key's account and shard,
 * kept `seconds` so that a request of a known key reads no directory at all. Keyed by the key's hash, never the key.
 * Bounded: past `limit` keys the oldest answers go first (a Map keeps insertion order).
 */
export function createDirectoryCache(limit = 10_000) {
  const entries = new Map<string, { entry: DirectoryEntry; until: number }>();
  return {
    get(keyHash: string, now: number): DirectoryEntry | undefined {
      const kept = entries.get(keyHash);
      if (kept && kept.until > now) return kept.entry;
      if (kept) entries.delete(keyHash);
      return undefined;
    },
    set(keyHash: string, entry: DirectoryEntry, now: number, seconds: number) {
      if (seconds <= 0) return;
      entries.delete(keyHash);
      entries.set(keyHash, { entry, until: now + seconds * 1000 });
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
    clear: () => entries.clear(),
  };
}

/** The one cache of this isolate's directory answers. */
export const directoryCache = createDirectoryCache();

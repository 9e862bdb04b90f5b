import { and, eq, isNull, lt, or } from "drizzle-orm";
import { toBase64Url, randomBytes, sha256Hex } from "../crypto/encoding";
import { accounts, apiKeys } from "../db/schema";
import type { Db } from "../db/client";
import type { Caller } from "../env";

const KEY_PATTERN = /^pg_[A-Za-z0-9_-]{43}$/;

/** `pg_` + 32 random bytes in base64url. Only its SHA-256 and first 8 characters are ever stored. */
export function generateApiKey() {
  const key = `pg_${toBase64Url(randomBytes(32))}`;
  return { key, prefix: key.slice(0, 8) };
}

export const hashApiKey = sha256Hex;

/** What the directory knows of a key's caller: who it is, which shard holds its rows, and whether it is moving. */
export interface DirectoryEntry extends Caller {
  shard: number;
  moving: boolean;
}

/** The bearer key of an `Authorization` header, or null when missing or malformed. */
export function bearerKey(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const key = match?.[1];
  return key && KEY_PATTERN.test(key) ? key : null;
}

/** The caller of a key, with its shard (one indexed read of the directory), or null for an unknown or revoked key. */
export async function findDirectoryEntry(db: Db, keyHash: string): Promise<DirectoryEntry | null> {
  // The lookup is by hash: equal hashes are found by the index, so no plaintext is compared.
  const row = await db
    .select({ keyId: apiKeys.id, accountId: apiKeys.accountId, shard: accounts.shard, movingSince: accounts.movingSince })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.hash, keyHash), isNull(apiKeys.revokedAt)))
    .get();
  return row ? { keyId: row.keyId, accountId: row.accountId, shard: row.shard, moving: row.movingSince !== null } : null;
}

/** The caller behind an `Authorization` header, or null for a missing, malformed, unknown or revoked key. */
export async function findCaller(db: Db, authorization: string | undefined): Promise<Caller | null> {
  const key = bearerKey(authorization);
  if (!key) return null;
  const entry = await findDirectoryEntry(db, await hashApiKey(key));
  return entry ? { keyId: entry.keyId, accountId: entry.accountId } : null;
}

/** At most one write a minute per key: last use is for people, not for accounting. */
export function touchApiKey(db: Db, keyId: number, now = new Date()) {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  return db
    .update(apiKeys)
    .set({ lastUsedAt: now.toISOString() })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}

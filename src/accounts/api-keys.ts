import { and, eq, isNull, lt, or } from "drizzle-orm";
import { toBase64Url, randomBytes, sha256Hex } from "../crypto/encoding";
import { apiKeys } from "../db/schema";
import type { Db } from "../db/client";
import type { Caller } from "../env";

const KEY_PATTERN = /^pg_[A-Za-z0-9_-]{43}$/;

/** `pg_` + 32 random bytes in base64url. Only its SHA-256 and first 8 characters are ever stored. */
export function generateApiKey() {
  const key = `pg_${toBase64Url(randomBytes(32))}`;
  return { key, prefix: key.slice(0, 8) };
}

export const hashApiKey = sha256Hex;

/** The caller behind an `Authorization` header, or null for a missing, malformed, unknown or revoked key. */
export async function findCaller(db: Db, authorization: string | undefined): Promise<Caller | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const key = match?.[1];
  if (!key || !KEY_PATTERN.test(key)) return null;
  // The lookup is by hash: equal hashes are found by the index, so no plaintext is compared.
  const row = await db
    .select({ keyId: apiKeys.id, accountId: apiKeys.accountId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, await hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .get();
  return row ? { keyId: row.keyId, accountId: row.accountId } : null;
}

/** At most one write a minute per key: last use is for people, not for accounting. */
export function touchApiKey(db: Db, keyId: number, now = new Date()) {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  return db
    .update(apiKeys)
    .set({ lastUsedAt: now.toISOString() })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}

import { createHash, randomBytes } from "node:crypto";

/**
 * A new API key as every local tool (key, dev, bench, soak, e2e) writes it to D1, matching
 * src/accounts/api-keys.ts: `pg_` + 32 random bytes base64url, stored as SHA-256 hex and an 8-character prefix.
 */
export function newApiKey() {
  const key = `pg_${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, 8), hash: createHash("sha256").update(key).digest("hex") };
}

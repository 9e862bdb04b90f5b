// Shared by the local tools (key, dev, bench, soak, e2e): how they call wrangler and how they mint API keys.
import { createHash, randomBytes } from "node:crypto";
import { delimiter, join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;

/** The environment for wrangler runs: the project's own Node 22 and wrangler first, no prompts, no telemetry. */
export const toolEnv = () => ({
  ...process.env,
  PATH: `${join(ROOT, "node_modules", ".bin")}${delimiter}${process.env.PATH}`,
  CI: "1",
  WRANGLER_SEND_METRICS: "false",
  NO_COLOR: "1",
});

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32): the same seed gives the same data on every machine. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A new API key as every local tool writes it to D1, matching src/accounts/api-keys.ts: `pg_` + 32 random bytes
 * base64url, stored as SHA-256 hex and an 8-character prefix.
 */
export function newApiKey() {
  const key = `pg_${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, 8), hash: createHash("sha256").update(key).digest("hex") };
}

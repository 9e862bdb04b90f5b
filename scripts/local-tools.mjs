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

/**
 * A new API key as every local tool writes it to D1, matching src/accounts/api-keys.ts: `pg_` + 32 random bytes
 * base64url, stored as SHA-256 hex and an 8-character prefix.
 */
export function newApiKey() {
  const key = `pg_${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, 8), hash: createHash("sha256").update(key).digest("hex") };
}

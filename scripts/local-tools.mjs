// Shared by the local tools (key, dev, bench, soak, e2e): how they call wrangler and how they mint API keys.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
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
 * Where the local tools keep local D1 state: `PAGEGRADE_LOCAL_STATE` (a wrangler --persist-to directory) when set, else
 * wrangler's default (.wrangler/state, what `npm run dev` uses). Answers the flags for a local wrangler d1 command.
 */
export const localStateFlags = () => (process.env.PAGEGRADE_LOCAL_STATE ? ["--persist-to", process.env.PAGEGRADE_LOCAL_STATE] : []);

/** The same for wrangler's getPlatformProxy, whose `persist.path` is the directory's `v3` (undefined: the default). */
export const localStatePersist = () => (process.env.PAGEGRADE_LOCAL_STATE ? { path: join(process.env.PAGEGRADE_LOCAL_STATE, "v3") } : undefined);

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

/** A port nothing listens on right now (another process may still take it before wrangler binds it). */
export async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/** The SQLite file of the local D1 under a wrangler --persist-to directory. */
export function d1File(persist) {
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return join(dir, file);
}

/** Waits until `url` answers 200 to the key, or wrangler dev (`child`) exits, for at most 90 s. */
export async function waitForServer(url, key, child, output) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output.join("").slice(-3000)}`);
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 500));
  }
  throw new Error(`wrangler dev did not answer within 90 s:\n${output.join("").slice(-3000)}`);
}

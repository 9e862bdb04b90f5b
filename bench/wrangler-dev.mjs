// Starting a throwaway `wrangler dev` for the benches: a temp --persist-to dir, free ports (HTTP and inspector),
// migrations applied, and a stop that ends wrangler and its workerd children together.
import { execFileSync, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, freePort, newApiKey, toolEnv } from "../scripts/local-tools.mjs";

export { d1File, freePort };

export const ROOT = resolve(import.meta.dirname, "..");

/**
 * Account `account` (1 unless given; `name`) with `count` API keys, written into the local D1 file: polling is over 240 requests a minute
 * for one key, so a bench's requests rotate over the keys (the returned function gives the next one).
 */
export function seedKeys(persist, name, count = 300, account = 1) {
  const db = new DatabaseSync(d1File(persist));
  db.prepare("INSERT INTO accounts (id, name) VALUES (?, ?)").run(account, name);
  const insert = db.prepare(`INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (${Number(account)}, ?, ?, ?)`);
  const keys = Array.from({ length: count }, () => {
    const { key, prefix, hash } = newApiKey();
    insert.run(name, prefix, hash);
    return key;
  });
  db.close();
  let n = 0;
  return () => keys[n++ % keys.length];
}

export function migrateLocal(persist, configPath = "wrangler.toml") {
  execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "--config", configPath], {
    cwd: ROOT,
    env: toolEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function waitUntilAnswering(base, child, output) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output.join("").slice(-3000)}`);
    try {
      // No key: a 401 proves the worker itself answers.
      if ((await fetch(`${base}/api/v1/reports`)).status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  throw new Error(`wrangler dev did not answer within 90 s:\n${output.join("").slice(-3000)}`);
}

/**
 * `wrangler dev` on free ports with private targets allowed (the benches audit 127.0.0.1 pages). Another process
 * can take a free port before wrangler binds it, so a few attempts. Returns { base, stop, output, inspectorPort, exited, pid } (pid: wrangler's, the leader of its process group).
 */
export async function startWranglerDev({ persist, configPath = "wrangler.toml", vars = {}, logLevel = "warn" }) {
  const allVars = { ALLOW_PRIVATE_TARGETS: "true", REPORT_COOKIE_SECRET: "bench-only-secret", ...vars };
  for (let attempt = 1; ; attempt++) {
    const [port, inspector] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const args = ["dev", "--config", configPath, "--port", String(port), "--inspector-port", String(inspector), "--ip", "127.0.0.1", "--persist-to", persist, "--log-level", logLevel];
    for (const [name, value] of Object.entries(allVars)) args.push("--var", `${name}:${value}`);
    const child = spawn("wrangler", args, { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true });
    const output = [];
    child.stdout.on("data", (d) => output.push(String(d)));
    child.stderr.on("data", (d) => output.push(String(d)));
    const exited = new Promise((ok) => (child.exitCode !== null ? ok(undefined) : child.once("exit", () => ok(undefined))));
    const stop = () => {
      if (child.exitCode !== null) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    };
    try {
      await waitUntilAnswering(base, child, output);
      return { base, stop, output, inspectorPort: inspector, exited, pid: child.pid };
    } catch (error) {
      stop();
      if (attempt >= 3 || !/already in use|EADDRINUSE/i.test(String(error))) throw error;
    }
  }
}

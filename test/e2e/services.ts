import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { freePort, newApiKey, toolEnv } from "../../scripts/local-tools.mjs";

export { freePort };

const quiet = toolEnv();
const wranglerBin = new URL("../../node_modules/.bin/wrangler", import.meta.url).pathname;

const sqlQuote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Migrates a fresh local D1 in `persistTo` and stores one API key there, the way scripts/key.mjs does. */
export function prepareDatabase(persistTo: string): string {
  const wrangler = (...args: string[]) =>
    execFileSync(wranglerBin, [...args, "--local", "--persist-to", persistTo], { env: quiet, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  wrangler("d1", "migrations", "apply", "DB");
  const { key, prefix, hash } = newApiKey();
  wrangler(
    "d1",
    "execute",
    "DB",
    "--command",
    `INSERT INTO accounts (name) VALUES ('e2e'); INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (last_insert_rowid(), 'e2e', ${sqlQuote(prefix)}, ${sqlQuote(hash)});`,
  );
  return key;
}

export interface DevServer {
  origin: string;
  stop(): Promise<void>;
  output(): string;
}

/**
 * `wrangler dev` on free ports (HTTP and inspector) with the test settings and `vars`, ready once it answers GET /.
 * `flags`: more of wrangler dev's own (another `--config`, `--test-scheduled`).
 */
export async function startWranglerDev(persistTo: string, vars: Record<string, string> = {}, flags: string[] = []): Promise<DevServer> {
  const [port, inspector] = [await freePort(), await freePort()];
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector), "--persist-to", persistTo, ...flags];
  args.push("--var", "ALLOW_PRIVATE_TARGETS:true", "--var", "REPORT_COOKIE_SECRET:e2e-only-cookie-secret", "--show-interactive-dev-session=false");
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child: ChildProcess = spawn(wranglerBin, args, { env: quiet, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    try {
      const res = await fetch(`${origin}/`);
      if (res.ok) return { origin, stop, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`wrangler dev did not answer within 90 s:\n${log}`);
}

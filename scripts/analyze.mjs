/**
 * `npm run analyze -- <url...> [flags]`: `pagegrade audit` from this checkout. dist/cli.js is rebuilt (esbuild,
 * about a second) only when a file under src/ is newer, so a run costs what the built CLI costs.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const cli = join(root, "dist/cli.js");
const bundle = join(root, "dist/cli-main.js");

const newestSource = (dir) =>
  Math.max(...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newestSource(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));

let builtAt = 0;
try {
  builtAt = Math.min(statSync(cli).mtimeMs, statSync(bundle).mtimeMs);
} catch {}
if (builtAt < newestSource(join(root, "src"))) execFileSync(process.execPath, [join(root, "scripts/build.mjs"), "--cli"], { stdio: "inherit" });

process.argv.splice(2, 0, "audit");
await import(cli);

// After `npm ci` in this repository: lays the Worker's static assets (scripts/reference-assets.mjs), then applies
// patches/ (linkedom's lazy event-listener map; @cloudflare/vitest-plugin sending workerd a cached module's code
// without its source map, and escaping its messages' strings natively; drizzle-orm's `is` keeping its answer per
// class), failing the install if a patch no longer applies. In an installed
// copy of the package there is neither patches/ nor patch-package: do nothing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const root = new URL("..", import.meta.url);
if (root.pathname.includes("/node_modules/") || !existsSync(new URL("patches", root))) process.exit(0);

const { copyReferenceAssets } = await import("./reference-assets.mjs");
copyReferenceAssets();

let bin;
try {
  bin = createRequire(import.meta.url).resolve("patch-package/index.js");
} catch {
  process.exit(0);
}
const run = spawnSync(process.execPath, [bin, "--error-on-fail"], { cwd: root, stdio: "inherit" });
process.exit(run.status ?? 1);

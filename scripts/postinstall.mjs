// Applies patches/ (linkedom's lazy event-listener map) after `npm ci`, and fails the install if a patch no
// longer applies. In an installed copy of the package there is neither patches/ nor patch-package: do nothing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const root = new URL("..", import.meta.url);
if (root.pathname.includes("/node_modules/") || !existsSync(new URL("patches", root))) process.exit(0);

let bin;
try {
  bin = createRequire(import.meta.url).resolve("patch-package/index.js");
} catch {
  process.exit(0);
}
const run = spawnSync(process.execPath, [bin, "--error-on-fail"], { cwd: root, stdio: "inherit" });
process.exit(run.status ?? 1);

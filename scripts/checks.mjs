// npm run checks (npm test runs it beside vitest: scripts/test.mjs): the static checks at once rather than one after
// another. tsc (TypeScript 7's, `--singleThreaded`) is one thread and the others mostly wait on their own start-up,
// so on 2 cores the step takes about as long as its longest check (typecheck) instead of their sum. Each check's
// output is printed whole when it ends, under its name; the step fails when any check failed, after all have ended.
import { spawn } from "node:child_process";

const checks = ["typecheck", "lint:layers", "lint:docs", "lint:tests", "lint:prebundled", "lint:openapi"];

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`── ${script}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${seconds} s\n${output.trimEnd() ? `${output.trimEnd()}\n` : ""}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
const failed = checks.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`checks failed: ${failed.join(", ")}`);
  process.exit(1);
}

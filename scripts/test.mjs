// npm test: the static checks (npm run checks) and vitest at once, not one after the other. The checks are ~20 s of
// mostly one thread (tsc) while vitest's first minute waits on workerd starts and Chromium, so together they end
// about as soon as vitest alone. Vitest's output streams; the checks' is printed whole when they end. A failed check
// stops vitest at once (as when the checks ran first, a red check means no test result is waited for) and the step
// fails; otherwise the step fails as vitest does. Arguments go to vitest (`npm test -- --reporter=dot`).
import { spawn } from "node:child_process";
import { setPriority } from "node:os";

const vitest = spawn("vitest", ["run", ...process.argv.slice(2)], { stdio: "inherit", detached: true });
const checks = spawn("node", ["scripts/checks.mjs"], { stdio: ["ignore", "pipe", "pipe"] });
// The checks yield the cores to vitest, whose start (its projects' Vite servers and global setups, one after another)
// is what its first test waits for; they end long before vitest does either way. Set before the checks spawn their
// own processes (tsc, dependency-cruiser, wrangler), which inherit it.
try {
  setPriority(checks.pid, 10);
} catch {
  // a platform without priorities: the checks run at vitest's
}
let output = "";
checks.stdout.on("data", (chunk) => (output += chunk));
checks.stderr.on("data", (chunk) => (output += chunk));

// Vitest leads its own process group (workerd, Chromium and the page servers under it): a stop reaches all of them.
const stopVitest = (signal) => {
  try {
    process.kill(-vitest.pid, signal);
  } catch {
    // already ended
  }
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopVitest(signal);
    checks.kill(signal);
    process.exit(130);
  });
}

const checked = new Promise((resolve) => checks.on("close", (code) => resolve(code === 0)));
const tested = new Promise((resolve) => vitest.on("close", (code) => resolve(code)));
// Outside npm (no node_modules/.bin on PATH) there is no vitest to start.
vitest.on("error", (error) => {
  console.error(`npm test: vitest did not start (${error.message}); run it as npm test`);
  checks.kill("SIGTERM");
  process.exit(1);
});

const checksOk = await checked;
process.stdout.write(`\n${output.trimEnd()}\n\n`);
if (!checksOk) {
  stopVitest("SIGTERM");
  console.error("npm test: the checks failed (above); vitest stopped");
  process.exit(1);
}
process.exit((await tested) ?? 1);

/**
 * `npm run test:package`: what a stranger gets. Packs the package (npm pack runs the build), installs the tarball
 * into an empty project, then imports `pagegrade/analysis` and `pagegrade` in plain Node, type-checks a consumer
 * against the shipped .d.ts, runs the `pagegrade` bin against a local page, and (with /usr/bin/chromium) audits the
 * page with `pagegrade/analysis` inside Chromium. Exits non-zero on the first failure.
 * `--keep <dir>` leaves the tarball in <dir> as pagegrade.tgz (CI hands it to examples/edge-app).
 */
import assert from "node:assert/strict";
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const root = new URL("..", import.meta.url).pathname;
const npm = (args, cwd) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
// The page server lives in this process: whatever fetches from it must not block the event loop.
const run = promisify(execFile);
const step = (text) => console.log(`test:package: ${text}`);

const work = mkdtempSync(join(tmpdir(), "pagegrade-package-"));
const installedDist = join(work, "consumer/node_modules/pagegrade/dist");
const server = createServer((req, res) => {
  if (req.url === "/robots.txt") return res.writeHead(404).end();
  // The installed package's files, so a browser can import pagegrade/analysis from the page's own origin.
  if (req.url.startsWith("/dist/")) {
    const file = join(installedDist, req.url.slice("/dist/".length).replace(/[^\w.-]/g, ""));
    if (!existsSync(file)) return res.writeHead(404).end();
    res.setHeader("content-type", "text/javascript");
    return res.end(readFileSync(file));
  }
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(readFileSync(join(root, "bench/fixtures/docs-page.html")));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const page = `http://127.0.0.1:${server.address().port}/docs`;

try {
  step("npm pack (builds dist/)");
  const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", work], root));
  const files = packed.files.map((f) => f.path);
  for (const needed of ["dist/index.js", "dist/analysis.js", "dist/cli.js", "dist/types/lib.d.ts", "dist/types/analysis/index.d.ts", "package.json"]) {
    assert.ok(files.includes(needed), `the tarball lacks ${needed}`);
  }
  assert.ok(files.some((f) => f.startsWith("migrations/") && f.endsWith(".sql")), "the tarball lacks the D1 migrations");
  assert.ok(!files.some((f) => /^(src|test|bench|node_modules)\//.test(f)), "the tarball ships sources or tests");
  step(`${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked`);
  const tarball = join(work, packed.filename);
  const keep = process.argv.indexOf("--keep");
  if (keep > 0) copyFileSync(tarball, join(process.argv[keep + 1], "pagegrade.tgz"));

  step("install the tarball into an empty project");
  const consumer = join(work, "consumer");
  execFileSync("mkdir", ["-p", consumer]);
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], consumer);

  step("the analysis entry imports no Hono, Drizzle or D1 and audits a page with every option left out");
  const distFiles = readdirSync(join(consumer, "node_modules/pagegrade/dist")).filter((f) => f.endsWith(".js") && f !== "index.js" && f !== "cli.js");
  for (const file of distFiles) {
    const code = readFileSync(join(consumer, "node_modules/pagegrade/dist", file), "utf8");
    assert.doesNotMatch(code, /from\s*["'](hono|drizzle-orm|zod|@hono\/)/, `${file} imports a server dependency`);
  }
  const script = `
    import { analyzePage, checks } from "pagegrade/analysis";
    const refused = await analyzePage(${JSON.stringify(page)});
    const allowed = await analyzePage(${JSON.stringify(page)}, { allowPrivateTargets: true });
    const app = await import("pagegrade");
    console.log(JSON.stringify({ refused: refused.code, ok: allowed.ok, results: Object.keys(allowed.results ?? {}).length, checks: checks.length,
      schemaOrg: allowed.results.structured_data_valid.value.release,
      api: typeof app.createApi, queue: typeof app.handleQueue, worker: typeof app.default.fetch }));`;
  const out = JSON.parse((await run(process.execPath, ["--input-type=module", "-e", script], { cwd: consumer })).stdout);
  // The page's JSON-LD is judged against the schema.org table the package carries (the Worker reads it as an asset).
  assert.deepEqual(out, { refused: "blocked_url", ok: true, results: out.checks, checks: out.checks, schemaOrg: "30.0", api: "function", queue: "function", worker: "function" });

  step("a TypeScript consumer type-checks against the shipped declarations");
  writeFileSync(join(consumer, "check.ts"), `
    import { analyzePage, type AnalysisOutcome, type Results } from "pagegrade/analysis";
    const outcome: AnalysisOutcome = await analyzePage("https://example.com/", { settings: { titleMaxLength: 70 } });
    export const results: Results | undefined = outcome.ok ? outcome.results : undefined;`);
  const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "--strict", "--skipLibCheck",
    "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2022,dom", "--types", "node", "--typeRoots", join(root, "node_modules/@types"), "check.ts"],
    { cwd: consumer, encoding: "utf8" });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);

  step("the bin runs with plain node");
  const bin = await run(join(consumer, "node_modules/.bin/pagegrade"), ["audit", page, "--allow-private", "--format", "json"]);
  assert.equal(JSON.parse(bin.stdout).data[0].status, "completed");
  assert.equal(JSON.parse(bin.stdout).data[0].results.structured_data_valid.value.release, "30.0");
  const chromiumPath = "/usr/bin/chromium";
  if (existsSync(chromiumPath)) {
    step("pagegrade/analysis runs in a browser (Chromium, same origin)");
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
    try {
      const tab = await browser.newPage();
      await tab.goto(page);
      const inBrowser = await tab.evaluate(async (url) => {
        const { analyzePage } = await import("/dist/analysis.js");
        const outcome = await analyzePage(url, { allowPrivateTargets: true });
        return { ok: outcome.ok, results: Object.keys(outcome.results ?? {}).length, failure: outcome.code ?? null };
      }, page);
      assert.deepEqual(inBrowser, { ok: true, results: out.checks, failure: null });
    } finally {
      await browser.close();
    }
  } else {
    step(`no ${chromiumPath}: the browser check is skipped`);
  }
  step("ok");
} finally {
  server.close();
  rmSync(work, { recursive: true, force: true });
}

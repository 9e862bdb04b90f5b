#!/usr/bin/env node
// npm run bench:cli: the whole `pagegrade audit` process on a local 284 KB page (bench/fixtures/docs-page.html)
// against `lighthouse --only-categories=seo` on the same page, interleaved round by round in one run; then 20 URLs
// in one run with --concurrency 4 against 20 single runs. Lighthouse only when it is on PATH (CHROME_PATH defaults
// to /usr/bin/chromium). Figures, not a test. Knobs: BENCH_ROUNDS (default 5), BENCH_LIGHTHOUSE=0 skips it.
// `npm run bench:cli -- --crawl`: `pagegrade crawl --interval-ms 0` of a local 500-page site instead (bench/crawl-site.mjs,
// BENCH_PAGES pages): pages per second and the process's peak RSS, and Lighthouse on BENCH_LIGHTHOUSE_PAGES (3) of
// the same pages, scaled to the site, when it is installed.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { startCrawlSite } from "./crawl-site.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const URLS = 20;
const CLI = resolve(ROOT, "dist/cli.js");
const page = readFileSync(resolve(ROOT, "bench/fixtures/docs-page.html"));

const server = createServer((req, res) => {
  if (req.url === "/robots.txt") return res.writeHead(404).end();
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(page);
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const origin = `http://127.0.0.1:${server.address().port}`;

const which = (name) => {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
};
const lighthouse = process.env.BENCH_LIGHTHOUSE === "0" ? null : which("lighthouse");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

// CPU time (user + system, children included: Lighthouse's Chrome too) through GNU time when it is there:
// on a loaded machine wall-clock time mostly measures the other processes.
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const scratch = mkdtempSync(join(tmpdir(), "bench-cli-"));
const cpuFile = join(scratch, "cpu");

/** { wall, cpu } milliseconds of one process, start to exit; a non-zero exit other than 1 (below budget) aborts. */
function timed(file, args, env = process.env) {
  const [command, argv] = gnuTime ? [gnuTime, ["-f", "%U %S", "-o", cpuFile, file, ...args]] : [file, args];
  const start = performance.now();
  return new Promise((done, fail) =>
    execFile(command, argv, { env, maxBuffer: 64 << 20 }, (error) => {
      if (error && error.code !== 1) return fail(error);
      const wall = performance.now() - start;
      const cpu = gnuTime ? readFileSync(cpuFile, "utf8").trim().split("\n").at(-1).split(" ").reduce((sum, s) => sum + 1000 * Number(s), 0) : NaN;
      done({ wall, cpu });
    }),
  );
}

const ours = (urls, extra = []) => timed(process.execPath, [CLI, "audit", ...urls, "--allow-private", "--format", "json", ...extra]);
const theirs = (url) =>
  timed(lighthouse, [url, "--only-categories=seo", "--output=json", "--output-path=/dev/null", "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"], {
    ...process.env,
    CHROME_PATH: chrome,
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const both = (runs) => `${ms(median(runs.map((r) => r.wall)))} wall, ${ms(median(runs.map((r) => r.cpu)))} CPU`;
const sum = (runs) => ({ wall: runs.reduce((t, r) => t + r.wall, 0), cpu: runs.reduce((t, r) => t + r.cpu, 0) });

execFileSync(process.execPath, [resolve(ROOT, "scripts/build.mjs"), "--cli"], { stdio: "inherit" });
if (process.argv.includes("--crawl")) {
  await benchCrawl();
  server.close();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
}
console.log(`bench:cli: ${ROUNDS} rounds, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`page: ${origin}/docs (${(page.length / 1024).toFixed(0)} KB); lighthouse: ${lighthouse ?? (process.env.BENCH_LIGHTHOUSE === "0" ? "skipped (BENCH_LIGHTHOUSE=0)" : "not installed, skipped")}`);

const single = [];
const light = [];
const batch = [];
const singles20 = [];
const urls = Array.from({ length: URLS }, (_, i) => `${origin}/docs?page=${i}`);
await ours([urls[0]]); // warm the file and compile caches
for (let round = 1; round <= ROUNDS; round++) {
  single.push(await ours([`${origin}/docs`]));
  if (lighthouse) light.push(await theirs(`${origin}/docs`));
  batch.push(await ours(urls, ["--concurrency", "4"]));
  const runs = [];
  for (const url of urls) runs.push(await ours([url]));
  singles20.push(sum(runs));
  const lh = lighthouse ? `, lighthouse ${both([light.at(-1)])}` : "";
  console.log(`round ${round}: pagegrade ${both([single.at(-1)])}${lh}; 20 URLs --concurrency 4 ${both([batch.at(-1)])}, 20 single runs ${both([singles20.at(-1)])}`);
}

const ratio = (a, b, key) => median(a.map((r) => r[key])) / median(b.map((r) => r[key]));
console.log("\nmedians");
console.log(`  pagegrade audit, whole process, 1 page:   ${both(single)}`);
if (lighthouse) {
  console.log(`  lighthouse --only-categories=seo, 1 page: ${both(light)}`);
  const wall = ratio(light, single, "wall");
  const cpu = ratio(light, single, "cpu");
  console.log(`  pagegrade is 1/${wall.toFixed(0)} of lighthouse in wall time, 1/${cpu.toFixed(0)} in CPU time (goal: at most 1/50) ${wall >= 50 ? "met" : "NOT met"}`);
}
const speedup = ratio(singles20, batch, "wall");
console.log(`  20 URLs, one run, --concurrency 4:        ${both(batch)}`);
console.log(`  20 single runs, one after another:        ${both(singles20)}`);
console.log(`  one run is ${speedup.toFixed(1)}x faster than 20 single runs (goal: faster) ${speedup > 1 ? "met" : "NOT met"}`);
server.close();
rmSync(scratch, { recursive: true, force: true });

/** `--crawl`: one whole-site crawl from the command line, timed with its peak RSS (GNU time's %M). */
async function benchCrawl() {
  const pages = Number(process.env.BENCH_PAGES ?? 500);
  const site = await startCrawlSite(pages);
  const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`bench:cli --crawl: ${pages} pages at ${site.origin}, ${cpus().length} cores, load ${load()}`);
  try {
    const rssFile = join(scratch, "rss");
    const args = [CLI, "crawl", `${site.origin}/sitemap.xml`, "--source", "sitemap", "--limit", String(pages), "--interval-ms", "0", "--allow-private", "--format", "json"];
    const [command, argv] = gnuTime ? [gnuTime, ["-f", "%M %U %S", "-o", rssFile, process.execPath, ...args]] : [process.execPath, args];
    const start = performance.now();
    const stdout = await new Promise((done, fail) =>
      execFile(command, argv, { maxBuffer: 256 << 20 }, (error, out) => (error && error.code !== 1 ? fail(error) : done(out))),
    );
    const seconds = (performance.now() - start) / 1000;
    const body = JSON.parse(stdout);
    const audited = body.site.pages.audited;
    const [rssKb, user, system] = gnuTime ? readFileSync(rssFile, "utf8").trim().split("\n").at(-1).split(" ").map(Number) : [NaN, NaN, NaN];
    const perSecond = audited / seconds;
    const rssMb = rssKb / 1024;
    console.log(`pagegrade crawl: ${audited} of ${pages} pages audited in ${seconds.toFixed(1)} s wall (${(user + system).toFixed(1)} s CPU): ${perSecond.toFixed(1)} pages/s (goal >= 10) ${perSecond >= 10 ? "met" : "NOT met"}`);
    console.log(`peak RSS ${rssMb.toFixed(0)} MB (goal < 200) ${rssMb < 200 ? "met" : "NOT met"}; site score ${body.site.score}, ${Object.values(body.site.site_checks).filter((c) => !c.passed).length} failed site checks`);
    if (lighthouse) {
      const sample = Number(process.env.BENCH_LIGHTHOUSE_PAGES ?? 3);
      const runs = [];
      for (let i = 0; i < sample; i++) runs.push(await theirs(`${site.origin}/p/${i}`));
      const each = median(runs.map((r) => r.wall));
      console.log(`lighthouse --only-categories=seo: median ${ms(each)} a page over ${sample} pages, so about ${((each * pages) / 60_000).toFixed(0)} min for the ${pages} pages (${(each * pages / 1000 / seconds).toFixed(0)}x the crawl)`);
    } else {
      console.log("lighthouse: not installed, no comparison run (docs/benchmarks.md has its per-page time from an earlier run)");
    }
    console.log(`load at the end: ${load()}`);
  } finally {
    await site.close();
  }
}

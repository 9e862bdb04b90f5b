// npm run bench:crawl: crawls a local site through `wrangler dev` (free ports, throwaway local D1) and prints, per run,
// pages/s, the Worker isolate's heap peak (inspector Runtime.getHeapUsage, scripts/isolate-heap.ts), the finalize time
// (finished_at minus the last page's settled_at), D1 bytes per page (the database file VACUUMed, after minus before,
// over the pages), rows per page (rows the crawl left in each table) and CPU-ms per page: the CPU time workerd's
// processes (the isolate, local D1 and queues) and wrangler's Node process used from the crawl's POST to its end, read
// from /proc/<pid>/stat, over the audited pages (robust against other load on the machine, unlike pages/s).
// Figures, not a test.
//   npm run bench:crawl -- --pages 100000 --rate 8      one crawl, CRAWL_INTERVAL_MS 0 unless --interval-ms is given
//   --interval-ms 0,1000 (runs one crawl per interval)  --host-concurrency N (HOST_CONCURRENCY; the shipped 4 otherwise)
//   --profile DIR              also V8 CPU profiles of every isolate of workerd over the crawl (the Worker, local D1,
//                              queues: workerd's own inspector, 1 sample/ms), written to DIR/<isolate>.cpuprofile for
//                              DevTools and summarised by isolate, then self time per folder, file and function,
//                              and the time outside src/ (drizzle, D1's client, native) by the src/ function calling it
//   --runs N                   the same crawl N times, each on a fresh wrangler dev and database
// Without flags, the old knobs: BENCH_PAGES (500), BENCH_INTERVALS ("0,1000"), BENCH_DEFAULT_PAGES (pages for the runs
// with an interval above 0; default BENCH_PAGES: at 1 s a page, 500 pages take over 8 minutes), BENCH_RATE (1).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { connectInspector } from "../scripts/isolate-heap";
import { devCpuMs } from "../scripts/process-memory";
import { devSourceMap, printSummaries, profileTargets, summariseProfile, workerdTargets } from "./cpu-profile";
import { startCrawlSite } from "./crawl-site.mjs";
import { ROOT, d1File, migrateLocal, seedKeys, startWranglerDev } from "./wrangler-dev.mjs";

const { values: flags } = parseArgs({
  options: {
    pages: { type: "string" },
    rate: { type: "string" },
    "interval-ms": { type: "string" },
    "host-concurrency": { type: "string" },
    profile: { type: "string" },
    runs: { type: "string" },
  },
});
const anyFlag = Object.keys(flags).length > 0;
const PAGES = Number(flags.pages ?? process.env.BENCH_PAGES ?? 500);
const RATE = Number(flags.rate ?? process.env.BENCH_RATE ?? 1);
const INTERVALS = (flags["interval-ms"] ?? (anyFlag ? "0" : (process.env.BENCH_INTERVALS ?? "0,1000"))).split(",").map(Number);
const DEFAULT_PAGES = Number(anyFlag ? PAGES : (process.env.BENCH_DEFAULT_PAGES ?? PAGES));
const HOST_CONCURRENCY = flags["host-concurrency"];
const PROFILE = flags.profile;
const RUNS = Number(flags.runs ?? 1);
const PROFILE_INTERVAL_US = 1000;
const WORKER_NAME = /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"))?.[1] ?? "pagegrade";
const HEAP_EVERY_MS = 2000;
const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The database's size once VACUUMed (a copy, so the live file is untouched), and its rows by table. */
function measureDatabase(persist: string) {
  const copy = join(persist, "measure.sqlite");
  copyFileSync(d1File(persist), copy);
  const db = new DatabaseSync(copy);
  db.exec("VACUUM");
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'").all() as { name: string }[];
  const rows = new Map(tables.map(({ name }) => [name, Number((db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n)]));
  db.close();
  const bytes = statSync(copy).size;
  rmSync(copy);
  return { bytes, rows };
}

/** Runs `read` again while the database file is still locked (for up to 30 s). */
async function untilUnlocked<T>(read: () => T): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return read();
    } catch (error) {
      if (tries >= 60 || !/locked|busy/i.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** When the crawl's last page settled, and when the crawl finished (ms), read from the stopped database. */
function crawlTimes(persist: string, crawlId: number) {
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const row = db
    .prepare("SELECT started_at, finished_at, (SELECT max(settled_at) FROM crawl_pages WHERE crawl_id = c.id) AS last_settled FROM crawls c WHERE id = ?")
    .get(crawlId) as { started_at: string | null; finished_at: string | null; last_settled: string | null };
  db.close();
  const ms = (at: string | null) => (at ? Date.parse(at) : NaN);
  return { startedAt: ms(row.started_at), finishedAt: ms(row.finished_at), lastSettledAt: ms(row.last_settled) };
}

async function run(site: { origin: string }, intervalMs: number, pages: number) {
  const persist = mkdtempSync(join(tmpdir(), "pagegrade-bench-crawl-"));
  migrateLocal(persist);
  const nextKey = seedKeys(persist, "bench", 10);
  const before = measureDatabase(persist);
  const vars: Record<string, string> = { CRAWL_INTERVAL_MS: String(intervalMs), MAX_CRAWL_PAGES: String(Math.max(pages, 1000)) };
  if (HOST_CONCURRENCY) vars.HOST_CONCURRENCY = HOST_CONCURRENCY;
  const dev = await startWranglerDev({ persist, vars });
  let heapPeak = 0;
  let heapSamples = 0;
  try {
    const inspector = await connectInspector(dev.inspectorPort, () => fetch(`${dev.base}/api/v1/__wake`).then((res) => res.arrayBuffer()));
    const api = async (method: string, path: string, form?: Record<string, string>) => {
      const res = await fetch(`${dev.base}/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${nextKey()}`, Accept: "application/json" },
        body: form ? new URLSearchParams(form) : undefined,
      });
      const body = (await res.json()) as { data: Record<string, any> };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
      return body.data;
    };
    const wake = () => fetch(`${dev.base}/api/v1/crawls`, { headers: { Authorization: `Bearer ${nextKey()}` } }).then((res) => res.arrayBuffer());
    // The Worker's target is the one wrangler's inspector proxy already holds: profiled through that session.
    const own = new Map([[`core:user:${WORKER_NAME}`, inspector.connection]]);
    const profiling = PROFILE ? await profileTargets(await workerdTargets(dev.pid), wake, own, PROFILE_INTERVAL_US) : null;
    if (profiling) log(`profiling ${profiling.titles.join(", ")}`);
    const cpuBefore = devCpuMs(dev.pid);
    const t0 = Date.now();
    const crawl = await api("POST", "/crawls", { url: `${site.origin}/sitemap.xml`, source: "sitemap", limit: String(pages), rate: String(RATE) });
    let last = crawl;
    let lastHeapAt = 0;
    let lastLogAt = t0;
    let maxRate = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      last = await api("GET", `/crawls/${crawl.id}`);
      maxRate = Math.max(maxRate, last.current_rate);
      if (Date.now() - lastHeapAt >= HEAP_EVERY_MS) {
        lastHeapAt = Date.now();
        const usage = await inspector.usage();
        if (usage) (heapPeak = Math.max(heapPeak, usage.used)), heapSamples++;
      }
      if (!["discovering", "running"].includes(last.status)) break;
      if (Date.now() - lastLogAt >= 30_000) {
        lastLogAt = Date.now();
        log(`interval ${intervalMs} ms, rate ${RATE}: ${last.pages.audited}/${pages} audited, current rate ${last.current_rate}, heap peak ${mb(heapPeak)} MB`);
      }
    }
    const seconds = (Date.now() - t0) / 1000;
    const cpuAfter = devCpuMs(dev.pid);
    const audited = last.pages.audited as number;
    if (profiling && PROFILE) {
      const profiles = await profiling.stop();
      mkdirSync(PROFILE, { recursive: true });
      for (const { title, profile } of profiles) writeFileSync(join(PROFILE, `${title.replace(/[^\w.-]+/g, "_")}.cpuprofile`), JSON.stringify(profile));
      const map = devSourceMap(ROOT);
      const summaries = profiles.map(({ title, profile }) => summariseProfile(title, profile, map)).sort((a, b) => b.samples - a.samples);
      printSummaries(summaries, audited, PROFILE_INTERVAL_US / 1000, 30, (line) => console.error(line));
      log(`profiles written to ${PROFILE}/`);
    }
    inspector.close();
    dev.stop();
    await dev.exited;
    // workerd, wrangler's child, may hold the file a moment longer.
    const times = await untilUnlocked(() => crawlTimes(persist, crawl.id));
    const after = await untilUnlocked(() => measureDatabase(persist));
    const rowsAdded = [...after.rows].map(([table, n]) => [table, n - (before.rows.get(table) ?? 0)] as const).filter(([, n]) => n > 0);
    return {
      intervalMs,
      pages,
      status: last.status as string,
      audited,
      failed: last.pages.failed as number,
      seconds,
      perSecond: audited / seconds,
      // The fetch phase alone: from the crawl running to its last page settled.
      fetchPerSecond: audited / ((times.lastSettledAt - times.startedAt) / 1000),
      maxRate,
      workerdCpuMsPerPage: (cpuAfter.workerd - cpuBefore.workerd) / Math.max(1, audited),
      wranglerCpuMsPerPage: (cpuAfter.wrangler - cpuBefore.wrangler) / Math.max(1, audited),
      heapPeak,
      heapSamples,
      finalizeSeconds: (times.finishedAt - times.lastSettledAt) / 1000,
      bytesPerPage: (after.bytes - before.bytes) / Math.max(1, audited),
      rowsPerPage: rowsAdded.reduce((sum, [, n]) => sum + n, 0) / Math.max(1, audited),
      rowsByTable: rowsAdded.map(([table, n]) => `${table} ${(n / Math.max(1, audited)).toFixed(2)}`).join(", "),
    };
  } finally {
    dev.stop();
    rmSync(persist, { recursive: true, force: true });
  }
}

const maxPages = Math.max(PAGES, DEFAULT_PAGES);
const site = await startCrawlSite(maxPages);
try {
  log(`site of ${maxPages} pages at ${site.origin}; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const results = [];
  for (const interval of INTERVALS) {
    const pages = interval > 0 ? DEFAULT_PAGES : PAGES;
    log(`crawling ${pages} pages with CRAWL_INTERVAL_MS=${interval}, rate ${RATE}${HOST_CONCURRENCY ? `, HOST_CONCURRENCY=${HOST_CONCURRENCY}` : ""}`);
    for (let n = 0; n < RUNS; n++) results.push(await run(site, interval, pages));
  }
  console.log(
    "\ninterval_ms  rate  pages  status     audited  failed  wall_s  pages/s  fetch_pages/s  workerd_cpu_ms/page  wrangler_cpu_ms/page  max_current_rate  heap_peak_MB  finalize_s  D1_bytes/page  rows/page",
  );
  for (const r of results) {
    console.log(
      [
        String(r.intervalMs).padStart(11),
        String(RATE).padStart(4),
        String(r.pages).padStart(5),
        r.status.padEnd(9),
        String(r.audited).padStart(7),
        String(r.failed).padStart(6),
        r.seconds.toFixed(1).padStart(6),
        r.perSecond.toFixed(2).padStart(7),
        r.fetchPerSecond.toFixed(2).padStart(13),
        r.workerdCpuMsPerPage.toFixed(2).padStart(19),
        r.wranglerCpuMsPerPage.toFixed(2).padStart(20),
        String(r.maxRate).padStart(16),
        `${mb(r.heapPeak)} (${r.heapSamples})`.padStart(12),
        r.finalizeSeconds.toFixed(1).padStart(10),
        r.bytesPerPage.toFixed(0).padStart(13),
        r.rowsPerPage.toFixed(2).padStart(9),
      ].join("  "),
    );
    console.log(`  rows per page by table: ${r.rowsByTable}`);
  }
  console.log(`(load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}; the machine is shared, figures are noisy)`);
} finally {
  await site.close();
}

// npm run bench:finalize: the site checks and the link plan of a completed-but-unfinalised crawl of BENCH_PAGES
// (100,000) pages, read in keyset batches of BENCH_BATCH (1,000) from a local SQLite file (the app's migrations, the
// app's drizzle queries through bench/sqlite-db.ts), as the crawl queue's `site_checks` job runs them. Prints the time
// of each and the peak heap (sampled after every batch, after a GC at the start). Figures, not a test.
// Facts are realistic in size: 20-80 same-host links a page (a shared navigation plus related pages), 0-10 external
// links, a title / description / h1 (every 50th page shares one), some redirects, noindex and canonicals.
// Knobs: BENCH_PAGES, BENCH_BATCH, BENCH_KEEP=1 keeps the temp file. BENCH_ALL_AT_ONCE=1 also reads every page at once.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sitePageBatches } from "../src/crawls/link-checks";
import { runSiteChecksOver, siteContextOf, type PageBatches } from "../src/site/checks/index";
import { planLinkChecksOver } from "../src/site/link-plan";
import type { PageFacts } from "../src/site/page-facts";
import { nodeSqlite } from "./sqlite-db";

const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const origin = "https://bench-site.example";
const urlOf = (n: number) => `${origin}/shop/item-${n}`;

/** A deterministic spread of numbers from a page number. */
const mix = (n: number, salt: number) => (Math.imul(n ^ salt, 2654435761) >>> 0) % 1_000_003;

function factsOf(n: number): PageFacts {
  const nav = Array.from({ length: 15 }, (_, i) => urlOf(i));
  const related = Array.from({ length: 5 + (mix(n, 1) % 61) }, (_, i) => urlOf(mix(n, i + 7) % (PAGES + PAGES / 50)));
  const shared = n % 50 === 0;
  return {
    url: n % 97 === 0 ? `${urlOf(n)}/` : urlOf(n),
    status: n % 211 === 0 ? 404 : 200,
    redirects: n % 97 === 0 ? (n % 2) + 1 : 0,
    title: shared ? "Shop - item" : `Item ${n} - a product of the bench shop with a long enough title`,
    description: shared ? "The bench shop" : `Everything about item ${n}: sizes, colours, delivery and returns, in a sentence or two of text.`,
    h1: shared ? "Item" : `Item ${n}`,
    canonical: n % 113 === 0 ? urlOf(n + 1) : urlOf(n),
    noindex: n % 127 === 0,
    hreflang: n % 300 === 0 ? [urlOf(n + 1)] : [],
    links: [...new Set([...nav, ...related])].filter((url) => url !== urlOf(n)),
    external: Array.from({ length: mix(n, 3) % 11 }, (_, i) => `https://partner-${i % 4}.example/p/${mix(n, i) % 5000}`),
  };
}

function seed(file: string) {
  const db = new DatabaseSync(file);
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort()) db.exec(readFileSync(join("migrations", name), "utf8"));
  db.exec("PRAGMA foreign_keys = OFF");
  db.prepare(
    `INSERT INTO crawls (id, account_id, project, url, source, status, "limit", found, discovered_by, settling_at)
     VALUES (1, 1, 'bench-site.example', ?, 'auto', 'running', ?, ?, 'sitemap', ?)`,
  ).run(`${origin}/`, PAGES, PAGES, new Date().toISOString());
  const insert = db.prepare("INSERT INTO crawl_pages (crawl_id, url, state, in_sitemap, facts, settled_at) VALUES (1, ?, 'audited', ?, ?, ?)");
  const now = new Date().toISOString();
  db.exec("BEGIN");
  for (let n = 0; n < PAGES; n++) insert.run(urlOf(n), n % 31 === 0 ? 0 : 1, JSON.stringify(factsOf(n)), now);
  db.exec("COMMIT");
  const facts = db.prepare("SELECT sum(length(facts)) AS bytes FROM crawl_pages").get() as { bytes: number };
  db.close();
  return facts.bytes;
}

/**
 * Runs `work` twice over batches: once timed, sampling the heap after each batch (garbage included: what the isolate
 * holds before it collects), then once with a GC after each batch (what is live: the indexes and one batch).
 */
async function measured<T>(name: string, batches: PageBatches, work: (batches: PageBatches) => Promise<T>) {
  const run = async (collect: boolean) => {
    gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const sampled: PageBatches = (each) =>
      batches((pages) => {
        each(pages);
        if (collect) gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      });
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const result = await work(sampled);
    const cpu = process.cpuUsage(cpu0);
    // CPU time (this process's, the SQLite reads included): what a Worker's CPU limit counts; wall time grows with the machine's load.
    return { result, ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, peak, base };
  };
  const timed = await run(false);
  const live = gc ? await run(true) : timed;
  log(`${name}: ${(timed.ms / 1000).toFixed(2)} s wall, ${(timed.cpuMs / 1000).toFixed(2)} s CPU; heap ${mb(timed.base)} at the start, peak ${mb(timed.peak)} uncollected, ${mb(live.peak)} live`);
  return { result: timed.result, ms: timed.ms, cpuMs: timed.cpuMs, peak: timed.peak, live: live.peak };
}

async function main() {
  if (!gc) log("run with --expose-gc (npm run bench:finalize does) for a clean heap baseline");
  const dir = mkdtempSync(join(tmpdir(), "pagegrade-finalize-"));
  const file = join(dir, "bench.sqlite");
  log(`${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; seeding ${PAGES} pages`);
  const bytes = seed(file);
  log(`seeded: ${mb(statSync(file).size)} file, facts ${mb(bytes)} (${Math.round(bytes / PAGES)} B a page)`);
  const { db } = nodeSqlite(file);
  const crawl = { discoveredBy: "sitemap" as const, truncated: false, source: "auto" as const, siteFacts: null };
  const batches = sitePageBatches(db, 1, BATCH);
  const plan = await measured(`link plan (3 reads, batches of ${BATCH})`, batches, (b) => planLinkChecksOver(b, () => true, { limit: 1000, perHost: 10 }));
  const checks = await measured(`site checks (2 reads, batches of ${BATCH})`, batches, (b) => runSiteChecksOver(b, siteContextOf(crawl)));
  const summary = Object.entries(checks.result).map(([id, v]) => `${id} ${v.applicable ? v.count : "n/a"}`);
  log(`planned ${plan.result.length} link targets; site checks: ${summary.join(", ")}`);
  if (process.env.BENCH_ALL_AT_ONCE === "1") {
    await measured("site checks over every page at once (the old way)", sitePageBatches(db, 1, PAGES), (b) => runSiteChecksOver(b, siteContextOf(crawl)));
  }
  console.log(
    JSON.stringify({
      pages: PAGES,
      batch: BATCH,
      facts_bytes_per_page: Math.round(bytes / PAGES),
      link_plan_s: +(plan.ms / 1000).toFixed(2),
      link_plan_cpu_s: +(plan.cpuMs / 1000).toFixed(2),
      site_checks_s: +(checks.ms / 1000).toFixed(2),
      site_checks_cpu_s: +(checks.cpuMs / 1000).toFixed(2),
      finalize_s: +((plan.ms + checks.ms) / 1000).toFixed(2),
      peak_heap_uncollected_mb: +(Math.max(plan.peak, checks.peak) / 2 ** 20).toFixed(1),
      peak_heap_live_mb: +(Math.max(plan.live, checks.live) / 2 ** 20).toFixed(1),
    }),
  );
  if (process.env.BENCH_KEEP !== "1") rmSync(dir, { recursive: true, force: true });
}

await main();

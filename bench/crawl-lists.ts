// npm run bench:lists: one completed crawl of BENCH_PAGES (100,000) pages seeded into a throwaway local D1 as the
// consumer writes it (per page: its report, regenerated, with a history row; its crawl_pages row with facts; its
// failed checks; the crawl's link checks), then:
// - D1 bytes per crawled page, by table with its indexes (SQLite's dbstat over the VACUUMed file);
// - the query plans of the pages and issues lists (the app's own functions over node:sqlite);
// - p50/p99 of GET /crawls/{id}/pages and /issues (shallow and deep pages) through `wrangler dev`;
// - the pages CSV of every row: time through wrangler dev, and the heap of the app's export (node, sampled per chunk).
// Figures, not a test. Knobs: BENCH_PAGES (100000), BENCH_REQUESTS (per endpoint, 100), BENCH_KEEP=1 keeps the dir.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { parsePage } from "../src/analysis/parse";
import { exportCrawlPages } from "../src/crawls/export-crawl-pages";
import { listCrawlPages } from "../src/crawls/list-crawl-pages";
import { listPageCheckFailures } from "../src/crawls/list-issue-pages";
import { listCrawlPagesQuery } from "../src/crawls/schemas";
import { encodeResults } from "../src/reports/results-codec";
import { failedCheckIds } from "../src/site/issues/check-info";
import { pageFactsOf } from "../src/site/page-facts";
import { factsFor, generatePage, seeded } from "./pages";
import { measureGet } from "./api-latency";
import { realisticAnalyses } from "./realistic-results";
import { nodeSqlite } from "./sqlite-db";
import { d1File, migrateLocal, seedKeys, startWranglerDev } from "./wrangler-dev.mjs";

const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const LINKS = 2000; // LINK_CHECK_LIMIT internal and as many external: a crawl's most
const CRAWL = 1;
const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const origin = "https://bench-site.example";
const urlOf = (n: number) => `${origin}/docs/page-${n}`;

/** Facts of generated pages as the consumer stores them (src/site/page-facts.ts), their links on the bench's host. */
function factsPool() {
  const r = seeded(7);
  return Array.from({ length: 40 }, (_, n) => {
    const html = generatePage(r.pick([15_000, 40_000, 90_000, 180_000]), n + 1);
    const { fetch, site, settings } = factsFor(html, urlOf(n));
    return JSON.stringify(pageFactsOf(parsePage(fetch, site, settings))).replaceAll("https://www.example.com", origin);
  });
}

function seed(file: string) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA foreign_keys = OFF");
  db.prepare("INSERT INTO projects (id, account_id, name) VALUES (1, 1, 'bench-site.example')").run();
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO crawls (id, account_id, project, url, source, status, "limit", score, result, site_checks, found, started_at, finished_at, discovered_by)
     VALUES (?, 1, 'bench-site.example', ?, 'sitemap', 'completed', ?, 71, 'decent', '{}', ?, ?, ?, 'sitemap')`,
  ).run(CRAWL, `${origin}/sitemap.xml`, PAGES, PAGES, now, now);
  const insertReport = db.prepare(
    `INSERT INTO reports (account_id, project_id, url, status, score, result, issues_high, issues_medium, issues_low, results, generation, generated_at)
     VALUES (1, 1, ?, 'completed', ?, ?, ?, ?, ?, ?, 2, ?) RETURNING id`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO report_history (report_id, generation, status, score, result, issues_high, issues_medium, issues_low, failed_checks, generated_at)
     VALUES (?, 2, 'completed', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPage = db.prepare(
    `INSERT INTO crawl_pages (crawl_id, url, depth, in_sitemap, linked, state, report_id, generation, facts, settled_at)
     VALUES (?, ?, ?, 1, 1, 'audited', ?, 2, ?, ?) RETURNING id`,
  );
  const insertFailures = db.prepare("INSERT INTO crawl_page_failures (crawl_id, check_id, crawl_page_id) SELECT ?, value, ? FROM json_each(?)");
  const insertLink = db.prepare("INSERT INTO crawl_links (crawl_id, url, kind, status, checked_at) VALUES (?, ?, ?, 200, ?)");
  const analyses = realisticAnalyses(3);
  const facts = factsPool();
  db.exec("BEGIN");
  for (let n = 0; n < PAGES; n++) {
    const { score, result, issues, results } = analyses.next(urlOf(n));
    const failed = failedCheckIds(results);
    const report = insertReport.get(urlOf(n), score, result, issues.high, issues.medium, issues.low, encodeResults(results), now) as { id: number };
    insertHistory.run(report.id, score, result, issues.high, issues.medium, issues.low, JSON.stringify(failed), now);
    const page = insertPage.get(CRAWL, urlOf(n), 1 + (n % 4), report.id, facts[n % facts.length]!, now) as { id: number };
    insertFailures.run(CRAWL, page.id, JSON.stringify(failed));
    if (n % 20_000 === 19_999) log(`${n + 1} pages seeded`);
  }
  for (let n = 0; n < LINKS; n++) insertLink.run(CRAWL, n < LINKS / 2 ? `${origin}/files/doc-${n}.pdf` : `https://other-${n % 97}.example/p/${n}`, n < LINKS / 2 ? "internal" : "external", now);
  db.exec("COMMIT");
  db.exec("VACUUM");
  // Bytes by table, its indexes counted with it.
  const owner = new Map((db.prepare("SELECT name, tbl_name FROM sqlite_schema").all() as { name: string; tbl_name: string }[]).map((r) => [r.name, r.tbl_name]));
  const bytes = new Map<string, number>();
  for (const row of db.prepare("SELECT name, sum(pgsize) AS size FROM dbstat GROUP BY name").all() as { name: string; size: number }[]) {
    const table = owner.get(row.name) ?? row.name;
    bytes.set(table, (bytes.get(table) ?? 0) + row.size);
  }
  const rows = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const counts = Object.fromEntries(["reports", "report_history", "crawl_pages", "crawl_page_failures", "crawl_links"].map((t) => [t, rows(t)]));
  const top = db.prepare("SELECT check_id AS c, count(*) AS n FROM crawl_page_failures WHERE crawl_id = ? GROUP BY check_id ORDER BY n DESC LIMIT 1").get(CRAWL) as { c: string; n: number };
  db.close();
  return { bytes, counts, top };
}

/** The issue summary the cron stores on a completed crawl: per check its count and first five URLs, pages by state. */
function storeSummary(file: string) {
  const db = new DatabaseSync(file);
  const checks: Record<string, { pages: number; examples: string[] }> = {};
  const counted = db.prepare("SELECT check_id AS c, count(*) AS n FROM crawl_page_failures WHERE crawl_id = ? GROUP BY check_id").all(CRAWL) as { c: string; n: number }[];
  const examples = db.prepare(
    "SELECT p.url AS url FROM crawl_page_failures f JOIN crawl_pages p ON p.id = f.crawl_page_id WHERE f.crawl_id = ? AND f.check_id = ? ORDER BY f.crawl_page_id LIMIT 5",
  );
  for (const { c, n } of counted) checks[c] = { pages: n, examples: (examples.all(CRAWL, c) as { url: string }[]).map((r) => r.url) };
  const pages = { audited: PAGES, failed: 0, blocked: 0, pending: 0 };
  db.prepare("UPDATE crawls SET issue_summary = ? WHERE id = ?").run(JSON.stringify({ checks, pages }), CRAWL);
  db.close();
}

/** The SQL each list sends, with its plan and median time on the seeded file. */
async function plans(file: string, topCheck: string) {
  const { sqlite, dbWith } = nodeSqlite(file);
  const variants: [string, (db: ReturnType<typeof dbWith>) => Promise<unknown>][] = [
    ["pages page 1", (db) => listCrawlPages(db, CRAWL, listCrawlPagesQuery.parse({ per_page: "100" }))],
    [`pages page ${PAGES / 100}`, (db) => listCrawlPages(db, CRAWL, listCrawlPagesQuery.parse({ per_page: "100", page: String(PAGES / 100) }))],
    [`${topCheck} page 1`, (db) => listPageCheckFailures(db, CRAWL, topCheck, { page: 1, perPage: 100 })],
    [`${topCheck} last page`, (db) => listPageCheckFailures(db, CRAWL, topCheck, { page: Math.floor(PAGES / 100) - 1, perPage: 100 })],
  ];
  const out: string[] = [];
  for (const [name, run] of variants) {
    const seen: { sql: string; params: unknown[] }[] = [];
    await run(dbWith((sql, params) => seen.push({ sql, params })));
    for (const q of seen) {
      const args = q.params as SQLInputValue[];
      const times = Array.from({ length: 5 }, () => {
        const t0 = performance.now();
        sqlite.prepare(q.sql).all(...args);
        return performance.now() - t0;
      }).sort((a, b) => a - b);
      const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(" / ");
      out.push(`${name.padEnd(28)} ${times[2]!.toFixed(1).padStart(7)} ms  ${q.sql.slice(0, 60)}...\n${"".padEnd(38)}plan: ${plan}`);
    }
  }
  sqlite.close();
  return out;
}

/** The app's CSV export of every page over node:sqlite, read to the end: its time and the heap's peak above the start. */
async function csvHeap(file: string) {
  const { sqlite, db } = nodeSqlite(file);
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  let bytes = 0;
  const t0 = performance.now();
  const reader = exportCrawlPages(db, CRAWL, listCrawlPagesQuery.parse({})).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  }
  const ms = performance.now() - t0;
  sqlite.close();
  return { ms, bytes, peakMb: peak / 1024 / 1024 };
}

const persist = mkdtempSync(join(tmpdir(), "pagegrade-bench-lists-"));
try {
  log(`${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; migrating a local D1 in ${persist}`);
  migrateLocal(persist);
  const key = seedKeys(persist, "bench", 100);
  const file = d1File(persist);
  log(`seeding one completed crawl of ${PAGES} pages`);
  const stored = seed(file);
  const kb = (n: number) => (n / PAGES).toFixed(0);
  console.log(`\n${PAGES} pages; rows: ${JSON.stringify(stored.counts)}; top check ${stored.top.c} on ${stored.top.n} pages`);
  console.log("table                 bytes (with indexes)   bytes per crawled page");
  let perPage = 0;
  for (const table of ["reports", "report_history", "crawl_pages", "crawl_page_failures", "crawl_links"]) {
    const b = stored.bytes.get(table) ?? 0;
    perPage += b / PAGES;
    console.log(`${table.padEnd(22)}${String(b).padStart(14)}   ${kb(b).padStart(10)}`);
  }
  console.log(`${"all five".padEnd(22)}${"".padStart(14)}   ${perPage.toFixed(0).padStart(10)}`);
  log("query plans");
  for (const line of await plans(file, stored.top.c)) console.log(line);
  log("pages CSV through the app's export in node");
  const heap = await csvHeap(file);
  console.log(`\nCSV export in node: ${heap.bytes} bytes in ${heap.ms.toFixed(0)} ms, heap peak +${heap.peakMb.toFixed(1)} MB over the start`);
  const dev = await startWranglerDev({ persist });
  try {
    const last = Math.ceil(PAGES / 100);
    const paths = [
      `/crawls/${CRAWL}/pages?per_page=100`,
      `/crawls/${CRAWL}/pages?per_page=100&page=${Math.ceil(last / 2)}`,
      `/crawls/${CRAWL}/pages?per_page=100&page=${last}`,
      `/crawls/${CRAWL}/pages?per_page=100&state=audited&page=${last}`,
      `/crawls/${CRAWL}/issues?per_page=100`,
      `/crawls/${CRAWL}/issues/${stored.top.c}?per_page=100`,
      `/crawls/${CRAWL}/issues/${stored.top.c}?per_page=100&page=${Math.ceil(stored.top.n / 100)}`,
    ];
    for (const path of paths) await fetch(`${dev.base}/api/v1${path}`, { headers: { Authorization: `Bearer ${key()}` } });
    const results = [];
    for (const path of paths) {
      log(`${REQUESTS} requests: GET ${path}`);
      results.push(await measureGet(dev.base, key, path, REQUESTS));
    }
    // The cron's summary of the completed crawl (src/crawls/summarize-crawls.ts), written as it would: the issues
    // list then reads one row instead of counting every failure.
    storeSummary(file);
    log(`${REQUESTS} requests: GET /crawls/${CRAWL}/issues?per_page=100 with the summary stored`);
    const summarized = await measureGet(dev.base, key, `/crawls/${CRAWL}/issues?per_page=100`, REQUESTS);
    results.push({ ...summarized, path: `${summarized.path} (summary)` });
    console.log("\nendpoint                                                       p50_ms  p99_ms");
    for (const r of results) console.log(`${r.path.padEnd(62)} ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}`);
    const t0 = performance.now();
    const csv = await fetch(`${dev.base}/api/v1/crawls/${CRAWL}/pages?format=csv`, { headers: { Authorization: `Bearer ${key()}` } });
    const text = await csv.text();
    console.log(`pages CSV through wrangler dev: ${csv.status}, ${text.split("\r\n").length - 2} rows, ${text.length} bytes in ${(performance.now() - t0).toFixed(0)} ms`);
  } finally {
    dev.stop();
  }
} finally {
  if (!process.env.BENCH_KEEP) rmSync(persist, { recursive: true, force: true });
}

// npm run bench:issues: two synthetic completed crawls of BENCH_PAGES (3,000) pages each, with realistic results
// (every check run on generated pages, bench/realistic-results.ts), seeded into a throwaway local D1 and served by
// `wrangler dev`: latency of the crawl issues list, one check's pages and the compare, and the D1 bytes the stored
// failures (crawl_page_failures) add per crawl page. Figures, not a test.
// Knobs: BENCH_PAGES (3000), BENCH_REQUESTS (per endpoint, 200), BENCH_KEEP=1 keeps the temp dir.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { encodeResults } from "../src/reports/results-codec";
import { failedCheckIds } from "../src/site/issues/check-info";
import { measureGet } from "./api-latency";
import { realisticAnalyses } from "./realistic-results";
import { d1File, migrateLocal, seedKeys, startWranglerDev } from "./wrangler-dev.mjs";

const PAGES = Number(process.env.BENCH_PAGES ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
// A tenth of the site changes between the two crawls: pages removed, others added.
const CHURN = Math.round(PAGES / 10);
const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

const origin = "https://bench-site.example";
const urlOf = (n: number) => `${origin}/docs/page-${n}`;

/** Bytes the database file holds after a VACUUM: what the rows take, free pages left out. */
function vacuumedBytes(db: DatabaseSync, file: string) {
  db.exec("VACUUM");
  return statSync(file).size;
}

function seed(persist: string) {
  const file = d1File(persist);
  const db = new DatabaseSync(file);
  db.exec("PRAGMA foreign_keys = OFF");
  db.prepare("INSERT INTO projects (id, account_id, name) VALUES (1, 1, 'bench-site.example')").run();
  const insertCrawl = db.prepare(
    `INSERT INTO crawls (id, account_id, project, url, source, status, "limit", score, result, site_checks, found, started_at, finished_at)
     VALUES (?, 1, 'bench-site.example', ?, 'sitemap', 'completed', ?, ?, 'decent', ?, ?, ?, ?)`,
  );
  const insertReport = db.prepare(
    `INSERT INTO reports (account_id, project_id, url, status, score, result, issues_high, issues_medium, issues_low, results, generation, generated_at)
     VALUES (1, 1, ?, 'completed', ?, ?, ?, ?, ?, ?, 1, ?) RETURNING id`,
  );
  const insertPage = db.prepare(
    "INSERT INTO crawl_pages (crawl_id, url, state, in_sitemap, report_id, generation, settled_at) VALUES (?, ?, 'audited', 1, ?, 1, ?) RETURNING id",
  );
  const insertFailures = db.prepare(
    "INSERT INTO crawl_page_failures (crawl_id, check_id, crawl_page_id) SELECT ?, value, ? FROM json_each(?)",
  );
  const siteChecks = JSON.stringify({
    duplicate_titles: { passed: false, applicable: true, count: 12, examples: [{ value: "Docs", urls: [urlOf(1), urlOf(2)] }] },
    orphan_pages: { passed: false, applicable: true, count: 40, examples: [urlOf(7), urlOf(9)] },
  });
  const now = new Date().toISOString();
  const crawls = [
    { id: 1, pages: Array.from({ length: PAGES }, (_, i) => i), seed: 1 },
    { id: 2, pages: Array.from({ length: PAGES }, (_, i) => i + CHURN), seed: 2 },
  ];
  const failuresByCrawl: { pageId: number; failed: string[] }[][] = [];
  db.exec("BEGIN");
  for (const crawl of crawls) {
    insertCrawl.run(crawl.id, `${origin}/sitemap.xml`, PAGES, 70 + crawl.id, siteChecks, PAGES, now, now);
    const analyses = realisticAnalyses(crawl.seed);
    const failures: { pageId: number; failed: string[] }[] = [];
    for (const n of crawl.pages) {
      const { score, result, issues, results } = analyses.next(urlOf(n));
      const report = insertReport.get(urlOf(n), score, result, issues.high, issues.medium, issues.low, encodeResults(results), now) as { id: number };
      const page = insertPage.get(crawl.id, urlOf(n), report.id, now) as { id: number };
      failures.push({ pageId: page.id, failed: failedCheckIds(results) });
    }
    failuresByCrawl.push(failures);
  }
  db.exec("COMMIT");
  const before = vacuumedBytes(db, file);
  db.exec("BEGIN");
  for (const { pageId, failed } of failuresByCrawl[0]!) insertFailures.run(1, pageId, JSON.stringify(failed));
  db.exec("COMMIT");
  const after = vacuumedBytes(db, file);
  db.exec("BEGIN");
  for (const { pageId, failed } of failuresByCrawl[1]!) insertFailures.run(2, pageId, JSON.stringify(failed));
  db.exec("COMMIT");
  const rows = (db.prepare("SELECT count(*) AS n FROM crawl_page_failures WHERE crawl_id = 1").get() as { n: number }).n;
  const top = db.prepare("SELECT check_id AS c, count(*) AS n FROM crawl_page_failures WHERE crawl_id = 2 GROUP BY check_id ORDER BY n DESC LIMIT 1").get() as { c: string; n: number };
  db.close();
  return { bytesPerPage: (after - before) / PAGES, rowsPerPage: rows / PAGES, topCheck: top.c, topPages: top.n };
}

const persist = mkdtempSync(join(tmpdir(), "pagegrade-bench-issues-"));
try {
  log(`${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; migrating a local D1 in ${persist}`);
  migrateLocal(persist);
  const key = seedKeys(persist, "bench", 100);
  log(`seeding two crawls of ${PAGES} pages (${CHURN} removed, ${CHURN} added between them)`);
  const stored = seed(persist);
  log(`crawl_page_failures: ${stored.rowsPerPage.toFixed(1)} rows and ${stored.bytesPerPage.toFixed(0)} bytes per crawl page`);
  const dev = await startWranglerDev({ persist });
  try {
    const paths = [
      "/crawls/2/issues?per_page=100",
      `/crawls/2/issues/${stored.topCheck}?per_page=10`,
      `/crawls/2/issues/${stored.topCheck}?per_page=100`,
      "/crawls/2/compare",
    ];
    // One warm-up round: workerd compiles, D1 opens.
    for (const path of paths) await fetch(`${dev.base}/api/v1${path}`, { headers: { Authorization: `Bearer ${key()}` } });
    const results = [];
    for (const path of paths) {
      log(`${REQUESTS} requests: GET ${path}`);
      results.push(await measureGet(dev.base, key, path, REQUESTS));
    }
    console.log(`\n${PAGES} pages a crawl; ${stored.rowsPerPage.toFixed(1)} failure rows, ${stored.bytesPerPage.toFixed(0)} bytes of D1 per crawl page; top check ${stored.topCheck} on ${stored.topPages} pages`);
    console.log("endpoint                                                 p50_ms  p99_ms  body_bytes");
    for (const r of results) console.log(`${r.path.padEnd(56)} ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${String(r.bytes).padStart(10)}`);
  } finally {
    dev.stop();
  }
} finally {
  if (!process.env.BENCH_KEEP) rmSync(persist, { recursive: true, force: true });
}

// npm run bench:changes: the change log at scale, outside workerd (the app's own query functions over node:sqlite,
// the schema built from migrations/). Figures, not a test:
// - the watched record's bytes on generated pages of 15-180 KB (parsed as the analysis parses them);
// - BENCH_CHANGES (100,000) changes of one project over 2,000 reports (plus 100,000 of another account and project),
//   then p50/p99 of listChanges for the project log (first page, a deep page, severity=critical, field=title) and a
//   report's log, each with its query plan;
// - the compare's changed pages (src/crawls/changed-pages.ts) of two crawls of BENCH_CRAWL_PAGES (100,000) pages each,
//   every page with its generation's watched record, 1% retitled and 0.5% turned noindex between them.
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parsePage } from "../src/analysis/parse";
import { watchedBytes, watchedOf } from "../src/analysis/watched";
import { changeFields, changeSeverities } from "../src/db/schema";
import { listChanges, type ChangeLog } from "../src/history/list-changes";
import { changedGroups, changedPages } from "../src/crawls/changed-pages";
import { listChangesQuery } from "../src/history/change-schemas";
import { factsFor, generatePage, seeded } from "./pages";
import { nodeSqlite } from "./sqlite-db";

const CHANGES = Number(process.env.BENCH_CHANGES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const REPORTS = 2000;
const CRAWL_PAGES = Number(process.env.BENCH_CRAWL_PAGES ?? 100_000);

function watchedSizes() {
  const r = seeded(3);
  const sizes = Array.from({ length: 40 }, (_, n) => {
    const { fetch, site, settings } = factsFor(generatePage(r.pick([15_000, 40_000, 90_000, 180_000]), n + 1));
    return watchedBytes(watchedOf(parsePage(fetch, site, settings)));
  }).sort((a, b) => a - b);
  console.log(`watched record: ${sizes[0]}-${sizes.at(-1)} bytes on 40 generated pages (median ${sizes[20]}), bound 2048`);
}

function build(file: string) {
  const db = new DatabaseSync(file);
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort()) {
    for (const statement of readFileSync(join("migrations", name), "utf8").split("--> statement-breakpoint")) if (statement.trim()) db.exec(statement);
  }
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("INSERT INTO accounts (id, name) VALUES (1, 'bench'), (2, 'other')");
  db.exec("INSERT INTO projects (id, account_id, name) VALUES (1, 1, 'bench.example'), (2, 2, 'other.example')");
  const insert = db.prepare(
    `INSERT INTO changes (account_id, project, report_id, generation, field, before, after, severity, rank, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const r = seeded(11);
  const start = Date.parse("2026-01-01T00:00:00Z");
  db.exec("BEGIN");
  for (const [account, project] of [[1, "bench.example"], [2, "other.example"]] as const) {
    for (let n = 0; n < CHANGES; n++) {
      const severity = r.pick([...changeSeverities, "info", "warning"] as const);
      const at = new Date(start + n * 60_000).toISOString();
      insert.run(account, project, account * 100_000 + (n % REPORTS), 2 + Math.floor(n / REPORTS), r.pick([...changeFields]), "A title before the change", "A title after it", severity, changeSeverities.indexOf(severity), at);
    }
  }
  db.exec("COMMIT");
  seedCrawls(db);
  db.exec("ANALYZE");
  db.close();
}

/** Crawls 1 and 2 of the same CRAWL_PAGES URLs, each page pointing at its report's generation 1 and 2. */
function seedCrawls(db: DatabaseSync) {
  const page = db.prepare("INSERT INTO crawl_pages (crawl_id, url, state, report_id, generation) VALUES (?, ?, 'audited', ?, ?)");
  const history = db.prepare(
    "INSERT INTO report_history (report_id, generation, status, score, failed_checks, generated_at, watched) VALUES (?, ?, 'completed', 80, '[]', ?, ?)",
  );
  const watched = (n: number, generation: number) => {
    const retitled = generation === 2 && n % 100 === 7;
    const noindex = generation === 2 && n % 200 === 3;
    return JSON.stringify({
      status: 200,
      final_url: `https://bench.example/page/${n}`,
      title: retitled ? `A new title of page ${n}` : `Page ${n} of the bench site, a title of usual length`,
      description: "A meta description of the usual length for a page of the bench site, about one hundred and fifty characters long.",
      h1: `Page ${n}`,
      canonical: `https://bench.example/page/${n}`,
      robots: noindex ? ["meta robots: noindex"] : [],
      indexable: !noindex,
      not_indexable_because: noindex ? "noindex in meta robots" : null,
      hreflang: ["en https://bench.example/page/" + n, "fr https://bench.example/fr/page/" + n],
      types: ["BreadcrumbList", "Organization", "WebPage"],
      words: 640,
      text_hash: "00a1b2c3d4e5f6",
    });
  };
  db.exec("BEGIN");
  for (let n = 0; n < CRAWL_PAGES; n++) {
    const report = 1_000_000 + n;
    for (const generation of [1, 2]) {
      history.run(report, generation, "2026-01-01T00:00:00.000Z", watched(n, generation));
      page.run(generation, `https://bench.example/page/${n}`, report, generation);
    }
  }
  db.exec("COMMIT");
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const load = () => loadavg().map((n) => n.toFixed(2)).join(", ");

async function main() {
  console.log(`load average at start: ${load()}`);
  watchedSizes();
  const dir = mkdtempSync(join(tmpdir(), "bench-changes-"));
  const file = join(dir, "changes.sqlite");
  const seededAt = Date.now();
  build(file);
  console.log(`seeded ${CHANGES} changes of one project (and as many of another account) in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
  const statements: string[] = [];
  const { db, dbWith, sqlite } = nodeSqlite(file);
  const project: ChangeLog = { accountId: 1, project: "bench.example" };
  const cases: [string, ChangeLog, Record<string, string>][] = [
    ["project log, page 1", project, {}],
    ["project log, page 100 (per_page 100)", project, { page: "100", per_page: "100" }],
    ["project log, severity=critical", project, { severity: "critical" }],
    ["project log, severity=warning", project, { severity: "warning" }],
    ["project log, field=title", project, { field: "title" }],
    ["project log, severity=critical&field=indexable", project, { severity: "critical", field: "indexable" }],
    ["a report's log", { reportId: 100_007 }, {}],
  ];
  for (const [label, log, params] of cases) {
    const query = listChangesQuery.parse(params);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await listChanges(db, log, query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    statements.length = 0;
    const result = await listChanges(dbWith((sql) => statements.push(sql)), log, query);
    const plans = statements.map((sql) => (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(sql.match(/\?/g) ?? []).map(() => null)) as { detail: string }[]).map((row) => row.detail).join(" | "));
    console.log(`${label}: total ${result.total}, p50 ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms`);
    for (const plan of plans) console.log(`  plan: ${plan}`);
  }
  // The statement changedPages sends, run as D1 runs it (rows as objects; this proxy hands drizzle arrays).
  let compareSql = "";
  let compareParams: unknown[] = [];
  await changedPages(dbWith((sql, params) => ((compareSql = sql), (compareParams = params))), 2, 1).catch(() => undefined);
  const compareStatement = sqlite.prepare(compareSql);
  const compareTimes: number[] = [];
  let changed: ReturnType<typeof changedGroups> | undefined;
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    changed = changedGroups(compareStatement.all(...(compareParams as SQLInputValue[])) as Parameters<typeof changedGroups>[0]);
    compareTimes.push(performance.now() - t);
  }
  compareTimes.sort((a, b) => a - b);
  console.log(
    `compare's changed pages, two crawls of ${CRAWL_PAGES} pages: ${changed!.title.pages} retitled, ${changed!.indexable.pages} indexability; ` +
      `p50 ${quantile(compareTimes, 0.5).toFixed(0)} ms, max ${compareTimes.at(-1)!.toFixed(0)} ms (10 runs)`,
  );
  const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${compareSql}`).all(...(compareParams as SQLInputValue[])) as { detail: string }[];
  console.log(`  plan: ${plan.map((row) => row.detail).join(" | ")}`);
  console.log(`load average at end: ${load()}`);
  sqlite.close();
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
}

await main();

#!/usr/bin/env node
// npm run bench:api: seed a throwaway local D1 (a temp --persist-to dir) with 100,000 reports, serve it with
// `wrangler dev` and drive every list variant, show, store and the projects list with autocannon. Figures, not a
// test. Needs the project's Node 22 (node:sqlite), which `npm run` puts first on PATH.
// Knobs: BENCH_REPORTS, BENCH_KEYS (per account), BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_KEEP=1 keeps the temp dir.
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { d1File, freePort, newApiKey, seededRandom, toolEnv, waitForServer } from "../scripts/local-tools.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const ACCOUNTS = 2;
const PROJECTS = 500;
// The rate limit is 240 a minute per key: spreading requests over many keys keeps every key under it.
const KEYS_PER_ACCOUNT = Number(process.env.BENCH_KEYS ?? 500);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// D1 refuses a statement over 100 KB (SQLITE_TOOBIG): multi-row INSERTs stay under that.
const MAX_STATEMENT_CHARS = 90_000;
const ROWS_PER_FILE = 25_000;
const RUN_DEADLINE_MS = 10 * 60_000;

// The project's Node 22 and wrangler, whatever node started this script.
const env = toolEnv();

const started = Date.now();
const log = (message) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** Deterministic data: the same seed gives the same database on every run. */
const random = seededRandom(20251125);
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const q = (text) => (text === null || text === undefined ? "NULL" : `'${String(text).replace(/'/g, "''")}'`);

const WORDS = ["docs", "blog", "pricing", "about", "guide", "api", "news", "shop", "help", "careers", "features", "contact", "team", "release-notes", "status", "login", "products", "support", "security", "legal"];
const TLDS = ["com", "io", "dev", "org", "net", "co.uk", "de"];

function wrangler(args, options = {}) {
  return execFileSync("wrangler", args, { cwd: ROOT, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20, ...options });
}

// ---------- seed ----------

function projectHosts() {
  const hosts = new Set();
  while (hosts.size < PROJECTS) hosts.add(`${pick(["", "www.", "blog.", "docs.", "shop."])}${pick(WORDS)}-${int(1, 9999)}.${pick(TLDS)}`.replace(/^www\./, ""));
  return [...hosts];
}

const resultFor = (score) => (score >= 80 ? "good" : score >= 50 ? "decent" : "bad");

/** A results object shaped like the analysis output, trimmed to a handful of checks to keep the seed fast. */
function resultsJson(score, url) {
  const ok = () => random() * 100 < score;
  const entry = (category, importance, value, errorKey) => {
    const passed = ok();
    return { category, importance, passed, value, ...(passed ? {} : { errors: { [errorKey]: value } }) };
  };
  return JSON.stringify({
    title: entry("seo", "high", `${pick(WORDS)} | ${new URL(url).hostname}`, "too_short"),
    meta_description: entry("seo", "high", "A short description of the page.", "missing"),
    headings: entry("seo", "medium", { h1: int(0, 2), h2: int(0, 12) }, "missing_h1"),
    image_alt: entry("seo", "medium", { images: int(0, 40), missing_alt: int(0, 5) }, "missing_alt"),
    https: entry("security", "high", url.startsWith("https:"), "not_https"),
    hsts: entry("security", "medium", "max-age=31536000", "missing"),
    page_size: entry("performance", "medium", int(8_000, 900_000), "too_large"),
    load_time: entry("performance", "high", int(80, 4_000), "too_slow"),
    doctype: entry("miscellaneous", "low", "html", "missing"),
  });
}

function isoAt(ms) {
  return new Date(ms).toISOString();
}

/** Multi-row INSERTs of `rows` (SQL tuples), each statement under D1's size limit. */
function inserts(into, rows) {
  const statements = [];
  let batch = [];
  let size = 0;
  for (const row of rows) {
    if (batch.length && size + row.length > MAX_STATEMENT_CHARS) {
      statements.push(`${into} VALUES\n${batch.join(",\n")};`);
      batch = [];
      size = 0;
    }
    batch.push(row);
    size += row.length + 2;
  }
  if (batch.length) statements.push(`${into} VALUES\n${batch.join(",\n")};`);
  return statements;
}

function seedSql(dir, hosts) {
  const files = [];
  const head = [`INSERT INTO accounts (id, name) VALUES (1, 'bench-a'), (2, 'bench-b');`];
  const projectRows = [];
  // 250 projects per account, each named by its host as the API does.
  hosts.forEach((host, i) => {
    const account = (i % ACCOUNTS) + 1;
    projectRows.push(`(${i + 1}, ${account}, ${q(host)}, ${q(isoAt(Date.UTC(2024, 0, 1) + i * 3_600_000))})`);
  });
  head.push(...inserts("INSERT INTO projects (id, account_id, name, created_at)", projectRows));

  const keys = [];
  const keyRows = [];
  for (let account = 1; account <= ACCOUNTS; account++) {
    for (let k = 0; k < KEYS_PER_ACCOUNT; k++) {
      const { key, prefix, hash } = newApiKey();
      keys.push({ key, account });
      keyRows.push(`(${account}, ${q(`bench-${account}-${k}`)}, ${q(prefix)}, ${q(hash)})`);
    }
  }
  head.push(...inserts("INSERT INTO api_keys (account_id, name, prefix, hash)", keyRows));
  const headFile = join(dir, "seed-0.sql");
  writeFileSync(headFile, head.join("\n"));
  files.push(headFile);

  const idsByAccount = Array.from({ length: ACCOUNTS }, () => []);
  const createdStart = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2025, 10, 1) - createdStart;
  let rows = [];
  const writeFile = () => {
    if (!rows.length) return;
    const statements = inserts(
      "INSERT INTO reports (id, account_id, project_id, url, final_url, privacy, status, generation, score, result, issues_high, issues_medium, issues_low, results, error_code, error_message, generated_at, created_at, updated_at)",
      rows,
    );
    const file = join(dir, `seed-${files.length}.sql`);
    writeFileSync(file, statements.join("\n"));
    files.push(file);
    rows = [];
  };
  for (let id = 1; id <= REPORTS; id++) {
    const projectIndex = int(0, hosts.length - 1);
    const account = (projectIndex % ACCOUNTS) + 1;
    idsByAccount[account - 1].push(id);
    const host = hosts[projectIndex];
    const url = `${random() < 0.85 ? "https" : "http"}://${random() < 0.3 ? "www." : ""}${host}/${pick(WORDS)}/${pick(WORDS)}-${int(1, 50_000)}${random() < 0.1 ? `?ref=${pick(WORDS)}` : ""}`;
    // Created in id order, like real traffic; generated a little after creation.
    const created = createdStart + Math.floor((span * id) / REPORTS);
    const roll = random();
    const status = roll < 0.9 ? "completed" : roll < 0.95 ? "failed" : roll < 0.98 ? "queued" : "processing";
    const completed = status === "completed";
    // Mostly good-to-decent pages, some bad; a completed report without a score would be a bug, so NULLs come from the others.
    const score = completed ? Math.max(0, Math.min(100, Math.round(70 + 22 * (random() + random() + random() - 1.5)))) : null;
    const results = completed && random() < 0.8 ? resultsJson(score, url) : null;
    const generated = completed || status === "failed" ? created + int(2_000, 90_000) : null;
    rows.push(
      `(${id}, ${account}, ${projectIndex + 1}, ${q(url)}, ${q(completed ? url : null)}, ${random() < 0.9 ? 0 : int(1, 2)}, ${q(status)}, ${int(1, 3)}, ${score ?? "NULL"}, ${q(score === null ? null : resultFor(score))}, ${completed ? int(0, 4) : 0}, ${completed ? int(0, 6) : 0}, ${completed ? int(0, 8) : 0}, ${q(results)}, ${q(status === "failed" ? "timeout" : null)}, ${q(status === "failed" ? "The page did not answer within 15 seconds." : null)}, ${q(generated ? isoAt(generated) : null)}, ${q(isoAt(created))}, ${q(isoAt(generated ?? created))})`,
    );
    if (id % ROWS_PER_FILE === 0) writeFile();
  }
  writeFile();
  return { files, keys, idsByAccount };
}

// ---------- servers ----------

/** A tiny site for the store variant: the queue consumer audits these pages in the background. */
async function startPageServer() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page for the store variant</title><meta name="description" content="A small page served locally so stored reports have something real to audit."><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Bench</h1><p>${"Some words about the page. ".repeat(40)}</p><a href="/">Home</a></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    if (!req.url?.startsWith("/page")) return res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return server;
}

// ---------- load ----------

function rotation(keys) {
  let n = 0;
  return () => keys[n++ % keys.length];
}

/**
 * One autocannon run. `build(keyEntry)` returns { path, method?, body? } for the key the request goes out with,
 * so account-specific paths (a report id, a project name) match the key's account.
 */
async function drive(base, nextKey, build) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 10,
    requests: [
      {
        setupRequest(request) {
          const entry = nextKey();
          const { path, method = "GET", body, noAuth } = build(entry);
          return {
            ...request,
            method,
            path,
            body,
            headers: {
              ...(noAuth ? {} : { authorization: `Bearer ${entry.key}` }),
              accept: "application/json",
              ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
            },
          };
        },
      },
    ],
  });
  return result;
}

const listPath = (base, params) => `${base}${params && Object.keys(params).length ? `?${new URLSearchParams(params)}` : ""}`;

/**
 * Each variant builds its request for the key it goes out with (a report id or project name of that key's
 * account), and says how bench/query-plans.ts reproduces its SQL for account 1.
 */
function variants({ hosts, idsByAccount, pagePort }) {
  const projectOf = (account, n) => hosts[(n * ACCOUNTS + account - 1) % hosts.length];
  const reports = (name, params) => ({
    name,
    kind: "list",
    build: () => ({ path: listPath("/api/v1/reports", params) }),
    plan: { kind: "reports", accountId: 1, params: params ?? {} },
  });
  const byProject = (name, n, extra) => ({
    name,
    kind: "list",
    build: (e) => ({ path: listPath("/api/v1/reports", { project: projectOf(e.account, n), ...extra }) }),
    plan: { kind: "reports", accountId: 1, params: { project: projectOf(1, n), ...extra } },
  });
  const projects = (name, params) => ({
    name,
    kind: "list",
    build: () => ({ path: listPath("/api/v1/projects", params) }),
    plan: { kind: "projects", accountId: 1, params: params ?? {} },
  });
  const out = [
    // The server's own floor: answered by the auth middleware before any D1 query.
    { name: "floor: no key, 401 (no D1 query)", kind: "floor", build: () => ({ path: "/api/v1/reports", noAuth: true }) },
    reports("list default", null),
  ];
  for (const sortBy of ["id", "generated_at", "url", "score"]) {
    for (const sort of ["desc", "asc"]) out.push(reports(`list sort_by=${sortBy}&sort=${sort}`, { sort_by: sortBy, sort }));
  }
  out.push(
    reports("list search=docs (common)", { search: "docs" }),
    reports("list search=team-4 (rare)", { search: "release-notes/team-4" }),
    reports("list result=good", { result: "good" }),
    reports("list result=bad", { result: "bad" }),
    reports("list result=decent&sort_by=score", { result: "decent", sort_by: "score" }),
    byProject("list project", 7),
    byProject("list project&result=good&sort_by=url", 11, { result: "good", sort_by: "url", sort: "asc" }),
    reports("list per_page=100", { per_page: "100" }),
    reports("list page=2000 (deep offset)", { page: "2000" }),
    {
      name: "show one report",
      kind: "other",
      build: (e) => {
        const ids = idsByAccount[e.account - 1];
        return { path: `/api/v1/reports/${ids[Math.floor(random() * ids.length)]}` };
      },
      plan: { kind: "show", accountId: 1, id: idsByAccount[0][Math.floor(idsByAccount[0].length / 2)] },
    },
    projects("list projects", null),
    projects("list projects sort_by=project&sort=asc", { sort_by: "project", sort: "asc" }),
    projects("list projects per_page=100", { per_page: "100" }),
    {
      name: "store (POST; consumer runs behind)",
      kind: "other",
      build: () => ({ method: "POST", path: "/api/v1/reports", body: `url=${encodeURIComponent(`http://127.0.0.1:${pagePort}/page-${int(1, 1e9)}`)}` }),
    },
  );
  return out;
}

function table(header, lines) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  return [fmt(header), `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...lines.map(fmt)].join("\n");
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Writes the seed straight into the D1 file wrangler created: the same INSERTs, minutes faster than `d1 execute`. */
async function loadSeed(sqliteFile, files) {
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(sqliteFile);
  for (const file of files) db.exec(`BEGIN;\n${readFileSync(file, "utf8")}\nCOMMIT;`);
  const counts = db
    .prepare("SELECT (SELECT count(*) FROM reports) AS reports, (SELECT count(*) FROM projects) AS projects, (SELECT count(*) FROM api_keys) AS keys, (SELECT count(*) FROM reports WHERE score IS NULL) AS null_scores, (SELECT count(*) FROM reports WHERE results IS NULL) AS null_results")
    .get();
  db.close();
  return counts;
}

/** The SQL of every variant through the app's own list functions, timed alone (bench/query-plans.ts). */
function queryPlans(sqliteFile, all) {
  const specs = all.filter((v) => v.plan).map((v) => ({ name: v.name, ...v.plan }));
  const out = execFileSync("node", ["--no-warnings", "--import", "tsx", join(ROOT, "bench", "query-plans.ts"), sqliteFile, JSON.stringify(specs)], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return new Map(JSON.parse(out).map((r) => [r.name, r]));
}

// ---------- main ----------

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "pagegrade-bench-"));
  const persist = join(dir, "state");
  let dev;
  let pageServer;
  const cleanup = () => {
    clearTimeout(watchdog);
    if (dev && dev.exitCode === null) {
      // wrangler dev runs in its own process group: end it and its workerd children together.
      try {
        process.kill(-dev.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    pageServer?.close();
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error("bench:api ran over 10 minutes; stopping");
    cleanup();
    process.exit(1);
  }, RUN_DEADLINE_MS);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanup(), process.exit(130)));

  try {
    log(`temp state in ${persist}`);
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
    const sqliteFile = d1File(persist);
    log("migrations applied");

    const hosts = projectHosts();
    const { files, keys, idsByAccount } = seedSql(dir, hosts);
    log(`seed SQL written (${files.length} files); loading`);
    const counts = await loadSeed(sqliteFile, files);
    log(`seeded: ${JSON.stringify(counts)}`);

    pageServer = await startPageServer();
    const all = variants({ hosts, idsByAccount, pagePort: pageServer.address().port });
    // Before wrangler starts, so the SQL figures are not shared with the server's CPU.
    const plans = queryPlans(sqliteFile, all);
    log("query plans measured");

    // Another process on this machine can take the free port before wrangler binds it: try a few.
    let base;
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const output = [];
      dev = spawn(
        "wrangler",
        ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist, "--var", "ALLOW_PRIVATE_TARGETS:true", "--var", "REPORT_COOKIE_SECRET:bench-only-secret", "--log-level", "warn"],
        { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
      );
      dev.stdout.on("data", (d) => output.push(String(d)));
      dev.stderr.on("data", (d) => output.push(String(d)));
      try {
        await waitForServer(`${base}/api/v1/projects`, keys[0].key, dev, output);
        break;
      } catch (error) {
        if (attempt >= 3 || !/already in use/i.test(String(error))) throw error;
        log(`port ${port} was taken; retrying`);
      }
    }
    log(`wrangler dev answering on ${base}`);

    const nextKey = rotation(keys);
    const send = async (v) => {
      const entry = nextKey();
      const { path, method = "GET", body, noAuth } = v.build(entry);
      const start = performance.now();
      const res = await fetch(base + path, {
        method,
        body,
        headers: { ...(noAuth ? {} : { authorization: `Bearer ${entry.key}` }), accept: "application/json", ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      });
      const text = await res.text();
      return { res, text, ms: performance.now() - start };
    };
    // One request at a time first: an erroring variant shows here, and the figure has no queueing in it.
    const single = new Map();
    for (const v of all) {
      const first = await send(v);
      const json = JSON.parse(first.text);
      if (first.res.status >= 300 && v.kind !== "floor") throw new Error(`${v.name} answered ${first.res.status}: ${first.text.slice(0, 500)}`);
      const shape = Array.isArray(json.data) ? `${json.data.length} rows of ${json.meta?.total}` : json.data ? `report ${json.data.id}` : json.message;
      const times = [];
      for (let i = 0; i < 7; i++) times.push((await send(v)).ms);
      single.set(v.name, median(times));
      log(`${v.name}: ${first.res.status}, ${shape}, ${(first.text.length / 1024).toFixed(1)} KiB, alone ${median(times).toFixed(1)} ms`);
    }

    const rows = [];
    for (const v of all) {
      const r = await drive(base, nextKey, v.build);
      const row = {
        v,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        load: loadavg()[0],
      };
      rows.push(row);
      log(`${v.name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}${r.statusCodeStats ? ` ${JSON.stringify(r.statusCodeStats)}` : ""}`);
    }

    const loads = rows.map((r) => r.load);
    console.log(
      `\nbench:api: ${counts.reports} reports (${counts.null_scores} without score, ${counts.null_results} without results), ${counts.projects} projects, ${keys.length} keys;` +
        ` ${CONNECTIONS} connections x ${DURATION_S} s per variant against wrangler dev (local D1);` +
        ` ${cpus().length} CPUs, 1-min load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} during the load\n`,
    );
    console.log(
      table(
        ["variant", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "alone ms", "SQL ms", "p99<50"],
        rows.map((r) => [
          r.v.name,
          r.rps.toFixed(0),
          String(r.p50),
          String(r.p99),
          String(r.non2xx),
          String(r.errors),
          single.get(r.v.name).toFixed(1),
          plans.has(r.v.name) ? plans.get(r.v.name).ms.toFixed(2) : "-",
          r.v.kind === "list" ? (r.p99 < 50 ? "yes" : "NO") : "-",
        ]),
      ),
    );
    console.log("\nalone ms: median of 7 requests sent one at a time; SQL ms: the app's list function alone on node:sqlite (bench/query-plans.ts)");
    const missed = rows.filter((r) => r.v.kind === "list" && r.p99 >= 50);
    console.log(missed.length ? `list variants over the 50 ms p99 target: ${missed.length} of ${rows.filter((r) => r.v.kind === "list").length}` : "every list variant is under the 50 ms p99 target");
    if (rows.some((r) => r.v.kind !== "floor" && (r.non2xx > 0 || r.errors > 0))) console.log("non-2xx/errors are counted above (a 429 means a key went over 240 a minute)");

    console.log("\nquery plans (slowest SQL first; a TEMP B-TREE or a scan over the account is where time goes):");
    for (const p of [...plans.values()].sort((a, b) => b.ms - a.ms)) {
      console.log(`- ${p.name}: ${p.ms.toFixed(2)} ms`);
      for (const query of p.queries) console.log(`    ${query.ms.toFixed(2)} ms  ${query.sql.startsWith("select count") ? "count: " : "rows:  "}${query.plan}`);
    }
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

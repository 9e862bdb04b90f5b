// npm run bench:api -- --shards N: the API with N local shards against one database, side by side in one run
// (docs/benchmarks.md "Three shards against one"). Two `wrangler dev` servers, each on its own temp --persist-to:
// one with wrangler.toml (DB alone, the service of before shards), one with the generated wrangler.shards.toml (DB is
// the directory and shard 0, DB_1 ... DB_{N-1}). The same accounts (one per shard) and keys in both; rounds of
// autocannon runs alternate between the two servers (the machine is shared: interleaving spreads its load over both),
// and each figure is the median over the rounds. The directory's reads are counted by a bench-only trigger on the
// sharded server's api_keys: the Worker writes a key's last use right after each directory read (src/http/auth.ts), and
// the trigger counts that write and clears last_used_at again, so the next read's write counts too.
// Knobs: BENCH_ROUNDS (5), BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_KEYS (per account, 100),
// BENCH_SHARD_REPORTS (seeded reports per account, 2,000).
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort, newApiKey, toolEnv, waitForServer } from "../scripts/local-tools.mjs";
import { BASE_CONFIG, d1Bindings, shardOfBinding, writeShardsConfig } from "../scripts/shards.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEYS_PER_ACCOUNT = Number(process.env.BENCH_KEYS ?? 100);
const REPORTS_PER_ACCOUNT = Number(process.env.BENCH_SHARD_REPORTS ?? 2_000);
const env = toolEnv();
const started = Date.now();
const log = (message) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function wrangler(args) {
  return execFileSync("wrangler", args, { cwd: ROOT, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
}

const execute = (server, binding, sql) => {
  const file = join(server.dir, `run-${binding}.sql`);
  writeFileSync(file, sql);
  return JSON.parse(wrangler(["d1", "execute", binding, "--local", "--persist-to", server.persist, "--config", server.config, "--json", "--file", file]));
};

/** Migrated databases of `config` (with each shard's id range) under a new temp dir, seeded with `accounts`. */
function prepare(name, config, accounts) {
  const dir = mkdtempSync(join(tmpdir(), `pagegrade-bench-${name}-`));
  const server = { name, dir, persist: join(dir, "state"), config, ranges: {} };
  const bindings = d1Bindings(config);
  for (const binding of bindings) {
    wrangler(["d1", "migrations", "apply", binding, "--local", "--persist-to", server.persist, "--config", config]);
    const shard = shardOfBinding(binding);
    const ranges = JSON.parse(
      execFileSync("tsx", ["-e", `import { shardSequenceStatements } from "./src/db/shards.ts"; console.log(JSON.stringify(shardSequenceStatements(${shard ?? 0})))`], { cwd: ROOT, env, encoding: "utf8" }),
    );
    server.ranges = { ...server.ranges, [binding]: ranges.map((statement) => `${statement};`).join("\n") };
  }
  const shards = bindings.filter((b) => shardOfBinding(b) !== undefined).length;
  const q = (text) => `'${String(text).replace(/'/g, "''")}'`;
  // The directory (DB): every account with its shard, and the keys.
  const directory = accounts.map((a) => `INSERT INTO accounts (id, name, shard) VALUES (${a.id}, ${q(a.name)}, ${a.id % shards});`);
  for (const a of accounts) for (const k of a.keys) directory.push(`INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (${a.id}, ${q(k.name)}, ${q(k.prefix)}, ${q(k.hash)});`);
  const seeds = { ...server.ranges };
  seeds.DB = `${seeds.DB ?? ""}\n${directory.join("\n")}`;
  for (const a of accounts) {
    const shard = a.id % shards;
    const binding = shard === 0 ? "DB" : `DB_${shard}`;
    seeds[binding] = `${seeds[binding] ?? ""}\n` + (
      `${shard === 0 ? "" : `INSERT INTO accounts (id, name, shard) VALUES (${a.id}, ${q(a.name)}, ${shard});\n`}` +
        `INSERT INTO projects (account_id, name) VALUES (${a.id}, 'bench-${a.id}.example');\n` +
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${REPORTS_PER_ACCOUNT})
         INSERT INTO reports (account_id, project_id, url, status, score, result, generated_at)
         SELECT ${a.id}, (SELECT id FROM projects WHERE account_id = ${a.id}), 'https://bench-${a.id}.example/page-' || i, 'completed', 40 + i % 60,
                CASE WHEN 40 + i % 60 >= 80 THEN 'good' WHEN 40 + i % 60 >= 50 THEN 'decent' ELSE 'bad' END, strftime('%Y-%m-%dT%H:%M:%fZ','now') FROM n;`);
  }
  for (const [binding, sql] of Object.entries(seeds)) execute(server, binding, sql);
  return { ...server, shards };
}

/** The bench-only counter of directory reads (see the header). */
const countDirectoryReads = (server) =>
  execute(
    server,
    "DB",
    `CREATE TABLE bench_directory_reads (at TEXT);
     CREATE TRIGGER bench_directory_read AFTER UPDATE OF last_used_at ON api_keys WHEN NEW.last_used_at IS NOT NULL
     BEGIN INSERT INTO bench_directory_reads VALUES (NEW.last_used_at); UPDATE api_keys SET last_used_at = NULL WHERE id = NEW.id; END;`,
  );
const directoryReads = (server) => execute(server, "DB", "SELECT count(*) AS n FROM bench_directory_reads")[0].results[0].n;

async function serve(server, firstKey) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const output = [];
    const dev = spawn(
      "wrangler",
      ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", server.persist, "--config", server.config, "--var", "ALLOW_PRIVATE_TARGETS:true",
        "--var", "REPORT_COOKIE_SECRET:bench-only-secret", "--var", "RENDERING:false", "--log-level", "warn"],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    dev.stdout.on("data", (d) => output.push(String(d)));
    dev.stderr.on("data", (d) => output.push(String(d)));
    server.dev = dev;
    server.base = `http://127.0.0.1:${port}`;
    try {
      await waitForServer(`${server.base}/api/v1/reports?per_page=10`, firstKey, dev, output);
      return;
    } catch (error) {
      const res = await fetch(`${server.base}/api/v1/reports?per_page=10`, { headers: { authorization: `Bearer ${firstKey}`, accept: "application/json" } }).catch((e) => e);
      log(`${server.name}: ${res.status ?? res} ${res.text ? (await res.text()).slice(0, 300) : ""}`);
      if (attempt >= 3 || !/already in use/i.test(String(error))) throw error;
    }
  }
}

async function drive(server, keys, build) {
  let n = 0;
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 10,
    requests: [
      {
        setupRequest(request) {
          const entry = keys[n++ % keys.length];
          const { path, method = "GET", body } = build(entry);
          return {
            ...request,
            method,
            path,
            body,
            headers: { authorization: `Bearer ${entry.key}`, accept: "application/json", ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
          };
        },
      },
    ],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, total: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

export async function shardsCompare(shardCount) {
  const accounts = Array.from({ length: shardCount }, (_, i) => ({
    id: i + 1,
    name: `bench-${i + 1}`,
    keys: Array.from({ length: KEYS_PER_ACCOUNT }, (_, k) => ({ ...newApiKey(), name: `bench-${i + 1}-${k}` })),
  }));
  const keys = accounts.flatMap((a) => a.keys.map((k) => ({ key: k.key, account: a.id })));
  const pages = createServer((req, res) => {
    if (req.url === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><head><title>Bench page</title></head><body><h1>Bench</h1><p>${"Words. ".repeat(100)}</p></body></html>`);
  });
  await new Promise((ok) => pages.listen(0, "127.0.0.1", ok));
  const pagePort = pages.address().port;
  const servers = [];
  try {
    servers.push(prepare("one", BASE_CONFIG, accounts));
    servers.push(prepare(`shards-${shardCount}`, writeShardsConfig(shardCount), accounts));
    log(`seeded ${accounts.length} accounts x ${REPORTS_PER_ACCOUNT} reports, ${keys.length} keys, in 1 and in ${servers[1].shards} databases`);
    countDirectoryReads(servers[1]);
    for (const server of servers) await serve(server, keys[0].key);
    log(`serving: ${servers.map((s) => `${s.name} ${s.base}`).join(", ")}`);

    // Ids of each account's seeded reports, read through the API of each server (ids differ per shard).
    const idsOf = new Map();
    for (const server of servers) {
      for (const a of accounts) {
        const res = await fetch(`${server.base}/api/v1/reports?per_page=100&fields=id`, { headers: { authorization: `Bearer ${a.keys[0].key}`, accept: "application/json" } });
        idsOf.set(`${server.name}:${a.id}`, (await res.json()).data.map((r) => r.id));
      }
    }
    let n = 0;
    const variants = [
      { name: "create report (POST)", build: () => ({ method: "POST", path: "/api/v1/reports", body: `url=${encodeURIComponent(`http://127.0.0.1:${pagePort}/page-${++n}`)}` }) },
      { name: "show one report", build: (server) => (e) => ({ path: `/api/v1/reports/${idsOf.get(`${server.name}:${e.account}`)[n++ % 100]}` }) },
      { name: "list reports (default)", build: () => ({ path: "/api/v1/reports" }) },
    ];
    const builderFor = (v, server) => (v.name === "show one report" ? v.build(server) : v.build);

    // Every key once on each server: its first request reads the directory (the sharded server's count starts here).
    for (const server of servers) for (const k of keys) await fetch(`${server.base}/api/v1/reports?per_page=10`, { headers: { authorization: `Bearer ${k.key}`, accept: "application/json" } });
    await new Promise((ok) => setTimeout(ok, 1000));
    const warmReads = directoryReads(servers[1]);
    log(`warm-up: ${keys.length} keys, ${warmReads} directory reads on the sharded server`);

    const figures = new Map(); // `${server}|${variant}` -> runs
    let shardedRequests = 0;
    const loads = [];
    const measuredFrom = Date.now();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const v of variants) {
        const order = round % 2 ? servers : [...servers].reverse();
        for (const server of order) {
          const run = await drive(server, keys, builderFor(v, server));
          if (server === servers[1]) shardedRequests += run.total;
          loads.push(loadavg()[0]);
          const key = `${server.name}|${v.name}`;
          figures.set(key, [...(figures.get(key) ?? []), run]);
          log(`round ${round} ${server.name} ${v.name}: p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.rps.toFixed(0)} req/s, non-2xx ${run.non2xx}, errors ${run.errors}`);
        }
      }
    }
    const measuredSeconds = (Date.now() - measuredFrom) / 1000;
    await new Promise((ok) => setTimeout(ok, 1000));
    const reads = directoryReads(servers[1]) - warmReads;

    console.log(
      `\nbench:api --shards ${shardCount}: ${accounts.length} accounts (one per shard) x ${REPORTS_PER_ACCOUNT} reports, ${keys.length} keys; ${CONNECTIONS} connections x ${DURATION_S} s per run, ` +
        `${ROUNDS} rounds alternating the two servers (medians over the rounds); ${cpus().length} CPUs, 1-min load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
    );
    const header = ["variant", "1 db p50", `${shardCount} shards p50`, "1 db p99", `${shardCount} shards p99`, "1 db req/s", `${shardCount} shards req/s`, "p50 ratio", "p99 ratio"];
    const rows = variants.map((v) => {
      const [one, sharded] = servers.map((s) => figures.get(`${s.name}|${v.name}`));
      const m = (runs, field) => median(runs.map((r) => r[field]));
      return [v.name, m(one, "p50"), m(sharded, "p50"), m(one, "p99"), m(sharded, "p99"), m(one, "rps").toFixed(0), m(sharded, "rps").toFixed(0),
        (m(sharded, "p50") / m(one, "p50")).toFixed(2), (m(sharded, "p99") / m(one, "p99")).toFixed(2)].map(String);
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const fmt = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
    console.log([fmt(header), `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...rows.map(fmt)].join("\n"));
    const failures = [...figures.values()].flat().reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    console.log(`\nnon-2xx and errors over every run: ${failures}`);
    console.log(
      `directory reads (sharded server): ${warmReads} for the warm-up's ${keys.length} first requests (one per key); then ${reads} for ${shardedRequests} requests over ` +
        `${measuredSeconds.toFixed(0)} s (${(reads / shardedRequests).toFixed(4)} a request: each key read again when its entry of DIRECTORY_CACHE_SECONDS ends). ` +
        `With one database every request reads its key (the key is the request's first query, through its D1 session).`,
    );
  } finally {
    for (const server of servers) {
      if (server.dev && server.dev.exitCode === null) {
        try {
          process.kill(-server.dev.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      if (!process.env.BENCH_KEEP) rmSync(server.dir, { recursive: true, force: true });
    }
    pages.close();
  }
}

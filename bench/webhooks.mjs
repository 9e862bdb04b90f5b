#!/usr/bin/env node
// npm run bench:webhooks: figures, not a test. Serves a throwaway local D1 (a temp --persist-to dir) with
// `wrangler dev` on free ports, then measures
//   1. the time from a report completing (its generated_at) to its report.completed webhook arriving at a local
//      receiver, p50/p95 over BENCH_REPORTS (200) reports created through the API;
//   2. one cron tick with BENCH_DUE (10,000) due scheduled reports: wall time of the scheduled handler and the D1
//      rows it read and wrote (the tick logs them as `schedule_tick`).
// Needs the project's Node 22 (node:sqlite), which `npm run` puts first on PATH. BENCH_KEEP=1 keeps the temp dir.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { d1File, freePort, newApiKey, toolEnv, waitForServer } from "../scripts/local-tools.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const REPORTS = Number(process.env.BENCH_REPORTS ?? 200);
const DUE = Number(process.env.BENCH_DUE ?? 10_000);
const RUN_DEADLINE_MS = 10 * 60_000;
const env = toolEnv();
const started = Date.now();
const log = (message) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page for webhook latency</title><meta name="description" content="A small page served locally so reports have something real to audit quickly."><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Bench</h1><p>${"Some words about the page. ".repeat(40)}</p></body></html>`;

/** The audited pages and the webhook receiver, on one local server. */
async function startServer(onWebhook) {
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/hook") {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        onWebhook(Date.now(), Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200).end("ok");
      });
      return;
    }
    if (req.url === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    if (req.url?.startsWith("/page")) return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return server;
}

/** One account and key, and DUE completed weekly reports all due, oldest first by a second each. */
async function seed(sqliteFile, pageOrigin) {
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(sqliteFile);
  const { key, prefix, hash } = newApiKey();
  const now = Math.floor(Date.now() / 1000);
  db.exec("BEGIN");
  db.prepare("INSERT INTO accounts (id, name) VALUES (1, 'bench')").run();
  db.prepare("INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (1, 'bench', ?, ?)").run(prefix, hash);
  db.prepare("INSERT INTO projects (id, account_id, name) VALUES (1, 1, 'due.bench')").run();
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO reports (account_id, project_id, url, status, score, result, schedule, next_run_at)
     SELECT 1, 1, ? || '/page/due-' || i, 'completed', 80, 'good', 'weekly', ? - i FROM n`,
  ).run(DUE, pageOrigin, now - 60);
  db.exec("COMMIT");
  db.close();
  return key;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "pagegrade-bench-webhooks-"));
  const persist = join(dir, "state");
  let dev;
  let server;
  const cleanup = () => {
    clearTimeout(watchdog);
    if (dev && dev.exitCode === null) {
      try {
        process.kill(-dev.pid, "SIGTERM"); // wrangler dev and its workerd children: one process group
      } catch {
        // already gone
      }
    }
    server?.close();
    server?.closeAllConnections?.();
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error("bench:webhooks ran over 10 minutes; stopping");
    cleanup();
    process.exit(1);
  }, RUN_DEADLINE_MS);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanup(), process.exit(130)));

  const arrivals = new Map(); // report id -> latency ms
  try {
    server = await startServer((at, body) => {
      const event = JSON.parse(body);
      if (event.type === "report.completed") arrivals.set(event.data.id, at - Date.parse(event.data.generated_at));
    });
    const origin = `http://127.0.0.1:${server.address().port}`;
    execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { cwd: ROOT, env, stdio: "ignore" });
    const key = await seed(d1File(persist), origin);
    log(`seeded ${DUE} due reports`);

    const output = [];
    let base;
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const inspector = await freePort();
      base = `http://127.0.0.1:${port}`;
      dev = spawn(
        "wrangler",
        [
          "dev", "--port", String(port), "--inspector-port", String(inspector), "--ip", "127.0.0.1", "--persist-to", persist, "--test-scheduled",
          "--var", "ALLOW_PRIVATE_TARGETS:true", "--var", "WEBHOOK_ENCRYPTION_KEY:bench-only-webhook-key", "--var", "REPORT_COOKIE_SECRET:bench-only-secret",
        ],
        { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
      );
      dev.stdout.on("data", (d) => output.push(String(d)));
      dev.stderr.on("data", (d) => output.push(String(d)));
      try {
        await waitForServer(`${base}/api/v1/webhooks`, key, dev, output);
        break;
      } catch (error) {
        if (attempt >= 3 || !/already in use/i.test(String(error))) throw error;
        log(`port ${port} was taken; retrying`);
      }
    }
    log(`wrangler dev answering on ${base}`);
    const api = (path, init = {}) =>
      fetch(`${base}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, accept: "application/json", "content-type": "application/json", ...init.headers } });

    // ---------- 1. report completed -> webhook received ----------
    const hook = await api("/webhooks", { method: "POST", body: JSON.stringify({ url: `${origin}/hook`, events: ["report.completed"] }) });
    if (hook.status !== 201) throw new Error(`creating the webhook answered ${hook.status}: ${await hook.text()}`);
    // Ten at a time, under the 240 a minute key limit overall.
    for (let i = 0; i < REPORTS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, REPORTS - i) }, (_, j) =>
          api("/reports", { method: "POST", body: JSON.stringify({ url: `${origin}/page/latency-${i + j}` }) }).then((r) => r.text()),
        ),
      );
    }
    const deadline = Date.now() + 180_000;
    while (arrivals.size < REPORTS && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 200));
    const latencies = [...arrivals.values()];
    log(`${latencies.length}/${REPORTS} webhooks arrived`);

    // ---------- 2. one cron tick with DUE due reports ----------
    output.length = 0;
    const tickStart = performance.now();
    const tick = await fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
    await tick.text();
    const tickMs = performance.now() - tickStart;
    await new Promise((ok) => setTimeout(ok, 500));
    const line = output.join("").split("\n").find((l) => l.includes("schedule_tick"));
    const stats = line ? JSON.parse(line.slice(line.indexOf("{"))).schedule_tick : null;

    const result = {
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => l.toFixed(2)) },
      webhook_latency_ms: {
        reports: REPORTS,
        received: latencies.length,
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        max: Math.round(Math.max(...latencies)),
      },
      cron_tick: { due: DUE, status: tick.status, wall_ms: Math.round(tickMs), ...stats },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

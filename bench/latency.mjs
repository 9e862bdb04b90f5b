#!/usr/bin/env node
// npm run bench:latency: time to report, POST -> `completed`, for a local 290 KB page with nothing else queued.
// One `wrangler dev` per queue batch window (LATENCY_WINDOWS, default "1,0": the old window and the configured
// one), all running at once; the sequential POSTs alternate between them so both see the same machine load.
// Knobs: LATENCY_REPORTS (per window, default 50), LATENCY_POLL_MS (default 20), LATENCY_WINDOWS.
// `-- --hanging N` (issue 18's case): one wrangler dev with the configured window; N reports of a site that never
// answers (on 127.0.0.2, another host) are queued, then LATENCY_REPORTS (default 20 here) ordinary pages from another
// account at once; prints the ordinary pages' time to report (p50/max) and how the hanging ones ended. `--hanging 0` is
// the same run with nothing queued ahead (the baseline); LATENCY_SKIP_HANGING_END=1 stops once the ordinary pages are
// done (the hanging ones take minutes more); LATENCY_LOG=file keeps wrangler dev's output, console.log included.
// `-- --hanging N --same-host` (issue 28's case): the N reports are of one URL that never answers on the ordinary
// pages' own site (127.0.0.1/hang, a broken endpoint of a healthy site), so they share its host.
// `-- --hanging N --same-host --cold` (issue 35's case): the same on a site never seen before (127.0.0.3, which nothing
// warmed up), so until one of its pages answers in time the site is slow as a whole; `--queries` makes the N hanging
// reports N different URLs of one path (/search?q=<n>, a search endpoint that hangs whatever it is asked).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, migrateLocal, seedKeys, startWranglerDev } from "./wrangler-dev.mjs";

const hangingArg = process.argv.indexOf("--hanging");
const HANGING_MODE = hangingArg > 0;
const HANGING = HANGING_MODE ? Number(process.argv[hangingArg + 1] ?? 20) : 0;
const SAME_HOST = process.argv.includes("--same-host");
const COLD = process.argv.includes("--cold");
const QUERIES = process.argv.includes("--queries");
const REPORTS = Number(process.env.LATENCY_REPORTS ?? (HANGING_MODE ? 20 : 50));
const POLL_MS = Number(process.env.LATENCY_POLL_MS ?? 20);
const WINDOWS = (process.env.LATENCY_WINDOWS ?? (HANGING_MODE ? "0" : "1,0")).split(",").map(Number);
const PAGE = readFileSync(join(ROOT, "bench", "fixtures", "docs-page.html"));

const started = Date.now();
const log = (message) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/**
 * The audited site: a 290 KB page under any /page/ path, a robots.txt, a real 404 for the probe, and /hang and
 * /search?q=..., which never answer; on `address` (127.0.0.3 for the site never seen before).
 */
async function startPageServer(address = "127.0.0.1") {
  const server = createServer((req, res) => {
    if (req.url === "/hang" || req.url?.startsWith("/search?")) return;
    if (req.url === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    if (!req.url?.startsWith("/page/")) return res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": PAGE.length }).end(PAGE);
  });
  await new Promise((ok) => server.listen(0, address, ok));
  return server;
}

/** A site that accepts connections and never answers, on another loopback address (another host to the per-host cap). */
async function startHangingServer() {
  const open = new Set();
  const server = createServer((req, res) => {
    open.add(res);
    res.on("close", () => open.delete(res));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.2", ok));
  return { server, close: () => (server.closeAllConnections(), server.close()) };
}

/** wrangler.toml with the analysis queue's batch window replaced; paths made absolute for a config in bench/tmp. */
function configWithWindow(window, dir) {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8")
    .replace(/^main = "(.*)"$/m, (_, p) => `main = "${join(ROOT, p)}"`)
    .replace(/^migrations_dir = "(.*)"$/m, (_, p) => `migrations_dir = "${join(ROOT, p)}"`)
    // The [alias] build stand-ins (src/build-stubs/) are relative to the config too.
    .replace(/= "\.\/([^"]+)"/g, (_, p) => `= "${join(ROOT, p)}"`)
    .replace(/(queue = "pagegrade-analysis"\n(?:[^\n[]*\n)*?)max_batch_timeout = \d+/, `$1max_batch_timeout = ${window}`);
  const file = join(dir, `wrangler-window-${window}.toml`);
  writeFileSync(file, toml);
  return file;
}

async function timeOneReport(server, pageOrigin, n) {
  const headers = () => ({ authorization: `Bearer ${server.nextKey()}`, accept: "application/json" });
  const t0 = performance.now();
  const created = await fetch(`${server.base}/api/v1/reports`, {
    method: "POST",
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
    body: `url=${encodeURIComponent(`${pageOrigin}/page/${n}`)}`,
  });
  const body = await created.json();
  if (created.status !== 201) throw new Error(`POST answered ${created.status}: ${JSON.stringify(body)}`);
  const postMs = performance.now() - t0;
  for (;;) {
    const res = await fetch(`${server.base}/api/v1/reports/${body.data.id}?fields=id,status,created_at,generated_at`, { headers: headers() });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`GET report ${body.data.id} answered ${res.status}: ${JSON.stringify(json)}`);
    const { data } = json;
    if (data.status === "completed" || data.status === "failed") {
      if (data.status === "failed") throw new Error(`report ${data.id} failed: ${JSON.stringify(data)}`);
      return { total: performance.now() - t0, post: postMs, server: Date.parse(data.generated_at) - Date.parse(data.created_at) };
    }
    if (performance.now() - t0 > 30_000) throw new Error(`report ${data.id} still ${data.status} after 30 s`);
    await new Promise((ok) => setTimeout(ok, POLL_MS));
  }
}

/** What `fields` saves on a list of real reports (each with all 48 checks' results). */
async function printListSizes(server) {
  const size = async (query) => {
    const res = await fetch(`${server.base}/api/v1/reports?per_page=100${query}`, { headers: { authorization: `Bearer ${server.nextKey()}` } });
    const text = await res.text();
    return { kb: (text.length / 1024).toFixed(1), rows: JSON.parse(text).data.length };
  };
  const whole = await size("");
  const picked = await size("&fields=id,url,score,result");
  console.log(`\nGET /api/v1/reports?per_page=100 over these ${whole.rows} real reports: ${whole.kb} KB whole, ${picked.kb} KB with fields=id,url,score,result`);
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

async function postReport(server, nextKey, url) {
  const res = await fetch(`${server.base}/api/v1/reports`, {
    method: "POST",
    headers: { authorization: `Bearer ${nextKey()}`, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: `url=${encodeURIComponent(url)}`,
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`POST answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** Polls one report until it ended; returns the report (created_at, generated_at / updated_at, error). */
async function waitEnded(server, nextKey, id, timeoutMs) {
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(`${server.base}/api/v1/reports/${id}?fields=id,status,error,created_at,generated_at,updated_at`, {
      headers: { authorization: `Bearer ${nextKey()}`, accept: "application/json" },
    });
    const { data } = await res.json();
    if (data.status === "completed" || data.status === "failed") return { ...data, seenMs: performance.now() - t0 };
    if (performance.now() - t0 > timeoutMs) throw new Error(`report ${id} still ${data.status} after ${timeoutMs / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

const hangingWhat = () =>
  (!SAME_HOST ? "a site that never answers" : QUERIES ? "different URLs of one path (/search?q=<n>) of the same site that never answer" : "one URL of the same site that never answers") +
  (COLD ? ", a site never seen before" : "");

/** Issue 18's case: N hanging targets queued, then ordinary pages of another account; their time to report. */
async function hangingRun(server, pageOrigin, hangOrigin, hangingKeys) {
  const t0 = Date.now();
  const stuck = [];
  // Another host: N hanging URLs of a site that never answers; the same host: N reports of the one URL that hangs.
  const hangingUrl = (n) => (!SAME_HOST ? `${hangOrigin}/hang/${n}` : QUERIES ? `${pageOrigin}/search?q=${n}` : `${pageOrigin}/hang`);
  for (let n = 0; n < HANGING; n++) stuck.push(await postReport(server, hangingKeys, hangingUrl(n)));
  const pages = [];
  const postedAt = [];
  for (let n = 1; n <= REPORTS; n++) {
    postedAt.push(performance.now());
    pages.push(await postReport(server, server.nextKey, `${pageOrigin}/page/${n}`));
  }
  log(`queued ${HANGING} hanging targets, then ${REPORTS} ordinary pages`);
  const loads = [loadavg()[0]];
  const ordinary = await Promise.all(pages.map((id, i) => waitEnded(server, server.nextKey, id, 300_000).then((r) => ({ ...r, total: performance.now() - postedAt[i] }))));
  loads.push(loadavg()[0]);
  const server_ms = ordinary.map((r) => Date.parse(r.generated_at) - Date.parse(r.created_at));
  const total = ordinary.map((r) => r.total);
  const failed = ordinary.filter((r) => r.status !== "completed");
  // The ordinary pages' figures first: the hanging ones take minutes more to end (about n/4 x 107 s, docs/operations.md).
  console.log(
    `\nbench:latency --hanging ${HANGING}${SAME_HOST ? " --same-host" : ""}${COLD ? " --cold" : ""}${QUERIES ? " --queries" : ""}: ${HANGING} reports of ${hangingWhat()}, then ${REPORTS} ordinary pages (${(PAGE.length / 1024).toFixed(0)} KB) from another account;` +
      ` wrangler dev (max_batch_timeout ${WINDOWS[0]}), local D1 and queues; ${cpus().length} CPUs, 1-min load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
  );
  console.log("| ordinary pages | p50 ms | p95 ms | max ms | p50 < 5 s | max < 20 s |");
  console.log("|---|---:|---:|---:|:---:|:---:|");
  for (const [name, values] of [["POST -> seen completed", total], ["created -> generated", server_ms]]) {
    const p50 = quantile(values, 0.5);
    const max = Math.max(...values);
    console.log(`| ${name} | ${p50.toFixed(0)} | ${quantile(values, 0.95).toFixed(0)} | ${max.toFixed(0)} | ${p50 < 5000 ? "yes" : "NO"} | ${max < 20000 ? "yes" : "NO"} |`);
  }
  console.log(`\nordinary pages not completed: ${failed.length}`);
  if (HANGING === 0 || process.env.LATENCY_SKIP_HANGING_END) return;
  log("ordinary pages done; waiting for the hanging ones to end");
  const ended = await Promise.all(stuck.map((id) => waitEnded(server, hangingKeys, id, 600_000)));
  loads.push(loadavg()[0]);
  const endSeconds = ended.map((r) => (Date.parse(r.updated_at) - Date.parse(r.created_at)) / 1000);
  const codes = {};
  for (const r of ended) codes[`${r.status}/${r.error?.code ?? "-"}`] = (codes[`${r.status}/${r.error?.code ?? "-"}`] ?? 0) + 1;
  console.log(`hanging targets ended: ${JSON.stringify(codes)}; created -> ended p50 ${quantile(endSeconds, 0.5).toFixed(0)} s, max ${Math.max(...endSeconds).toFixed(0)} s; whole run ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "pagegrade-latency-"));
  const configDir = join(ROOT, "bench", "tmp");
  mkdirSync(configDir, { recursive: true });
  const servers = [];
  let pageServer;
  let coldServer;
  let hangServer;
  const cleanup = () => {
    for (const s of servers) s.stop();
    pageServer?.closeAllConnections();
    pageServer?.close();
    coldServer?.closeAllConnections();
    coldServer?.close();
    hangServer?.close();
    rmSync(dir, { recursive: true, force: true });
    for (const w of WINDOWS) rmSync(join(configDir, `wrangler-window-${w}.toml`), { force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanup(), process.exit(130)));
  try {
    pageServer = await startPageServer();
    const pageOrigin = `http://127.0.0.1:${pageServer.address().port}`;
    if (HANGING_MODE) {
      hangServer = await startHangingServer();
      const hangOrigin = `http://127.0.0.2:${hangServer.server.address().port}`;
      const persist = join(dir, "hanging");
      const configPath = configWithWindow(WINDOWS[0], configDir);
      migrateLocal(persist, configPath);
      const nextKey = seedKeys(persist, "latency");
      const hangingKeys = seedKeys(persist, "latency-hanging", 100, 2);
      const dev = await startWranglerDev({ persist, configPath, ...(process.env.LATENCY_LOG && { logLevel: "log" }) });
      const server = { window: WINDOWS[0], nextKey, ...dev };
      servers.push(server);
      log(`wrangler dev on ${dev.base}; hanging site ${hangOrigin}`);
      await timeOneReport(server, pageOrigin, 0);
      try {
        // The cold site: the same pages on another loopback address that nothing has asked for yet.
        if (COLD) coldServer = await startPageServer("127.0.0.3");
        const siteOrigin = COLD ? `http://127.0.0.3:${coldServer.address().port}` : pageOrigin;
        await hangingRun(server, siteOrigin, hangOrigin, hangingKeys);
      } finally {
        if (process.env.LATENCY_LOG) writeFileSync(process.env.LATENCY_LOG, dev.output.join(""));
      }
      return;
    }
    for (const window of WINDOWS) {
      const persist = join(dir, `window-${window}`);
      const configPath = configWithWindow(window, configDir);
      migrateLocal(persist, configPath);
      const nextKey = seedKeys(persist, "latency");
      const dev = await startWranglerDev({ persist, configPath });
      servers.push({ window, nextKey, ...dev, times: [] });
      log(`max_batch_timeout = ${window}: wrangler dev on ${dev.base}`);
    }
    // One warm-up report each (first compile of the consumer's code paths), then alternate.
    for (const s of servers) await timeOneReport(s, pageOrigin, 0);
    const loads = [];
    for (let i = 1; i <= REPORTS; i++) {
      for (const s of servers) s.times.push(await timeOneReport(s, pageOrigin, i));
      loads.push(loadavg()[0]);
      if (i % 10 === 0) log(`${i} of ${REPORTS} reports per window`);
    }
    console.log(
      `\nbench:latency: ${REPORTS} sequential reports per window (plus one warm-up), a ${(PAGE.length / 1024).toFixed(0)} KB page from a local server,` +
        ` polled every ${POLL_MS} ms; wrangler dev with local D1 and queues; ${cpus().length} CPUs, 1-min load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
    );
    console.log("| max_batch_timeout | p50 ms | p95 ms | min ms | max ms | POST p50 ms | created->generated p50 ms | p50 < 500 |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|:---:|");
    for (const s of servers) {
      const total = s.times.map((t) => t.total);
      const p50 = quantile(total, 0.5);
      const cells = [s.window, p50, quantile(total, 0.95), Math.min(...total), Math.max(...total), quantile(s.times.map((t) => t.post), 0.5), quantile(s.times.map((t) => t.server), 0.5)];
      console.log(`| ${cells.map((c) => (typeof c === "number" && !Number.isInteger(c) ? c.toFixed(0) : String(c))).join(" | ")} | ${p50 < 500 ? "yes" : "NO"} |`);
    }
    console.log("\ntotal: POST sent -> first poll that sees `completed` (includes up to one poll interval); created->generated: the report's own timestamps.");
    await printListSizes(servers.at(-1));
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

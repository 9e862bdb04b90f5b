#!/usr/bin/env node
// npm run bench:render: rendered vs unrendered audits through `wrangler dev` (local D1 and queues, the BROWSER
// binding over this machine's Chromium, docs/rendering.md). For three pages of the test server's /render/ routes
// (an ordinary static page, a script-built page, a heavy page): time to report (POST -> `completed`), rendered and
// not, the browser time per rendered report (the consumer logs how long it held its browser, connect or launch to
// disconnect), and how many browsers the lone reports launched vs reused (one browser session serves them all). Then a 100-page rendered crawl: its time, and how many browsers it launched (crawls.browser_launches).
// Knobs: RENDER_BENCH_REPORTS (per page and mode, default 7), RENDER_BENCH_CRAWL (pages, default 100; 0 skips it).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setupLocalBrowser } from "../scripts/setup-local-browser.mjs";
import { startPageServer } from "../test/server/page-server.ts";
import { d1File, migrateLocal, seedKeys, startWranglerDev } from "./wrangler-dev.mjs";

const REPORTS = Number(process.env.RENDER_BENCH_REPORTS ?? 7);
const CRAWL_PAGES = Number(process.env.RENDER_BENCH_CRAWL ?? 100);
const PAGES = { "ordinary static page": "/render/static", "script-built page": "/render/script-built", "heavy page (3,000 items by script)": "/render/heavy" };

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function main() {
  if (!setupLocalBrowser({ log: () => undefined }).chromium) throw new Error("bench:render needs Chromium (see docs/rendering.md)");
  const persist = mkdtempSync(join(tmpdir(), "pagegrade-render-bench-"));
  const site = await startPageServer();
  migrateLocal(persist);
  const nextKey = seedKeys(persist, "bench render", 10);
  // A crawl of 100 pages in seconds, not minutes: the crawl interval is the bench's, not production's; the site is a
  // binary tree of script-written links, 100 pages deep 6 clicks.
  const dev = await startWranglerDev({ persist, logLevel: "log", vars: { CRAWL_INTERVAL_MS: "100", MAX_CRAWL_DEPTH: "10" } });
  const headers = () => ({ authorization: `Bearer ${nextKey()}`, accept: "application/json" });
  const get = async (path) => (await fetch(`${dev.base}${path}`, { headers: headers() })).json();
  const post = async (path, form) => {
    const res = await fetch(`${dev.base}${path}`, { method: "POST", headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
    const json = await res.json();
    if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const browserLines = () => dev.output.join("").match(/render: browser held \d+ ms/g) ?? [];
  const count = (pattern) => (dev.output.join("").match(pattern) ?? []).length;
  const loads = [];
  try {
    const timeReport = async (path, render) => {
      const seen = browserLines().length;
      const t0 = performance.now();
      const { id } = await post("/api/v1/reports", { url: `${site.origin}${path}`, render });
      for (;;) {
        await sleep(200);
        const { data } = await get(`/api/v1/reports/${id}?fields=status,error`);
        if (data.status === "failed") throw new Error(`report ${id} failed: ${JSON.stringify(data.error)}`);
        if (data.status === "completed") break;
      }
      const total = performance.now() - t0;
      await sleep(300);
      const line = browserLines().slice(seen)[0];
      return { total, browserMs: line ? Number(/(\d+) ms/.exec(line)[1]) : null };
    };
    await timeReport("/render/static", 1); // warm-up: first compile, first browser start
    const rows = [];
    for (const [name, path] of Object.entries(PAGES)) {
      const times = { 0: [], 1: [], browser: [] };
      for (let i = 0; i < REPORTS; i++) {
        for (const render of [0, 1]) {
          const t = await timeReport(path, render);
          times[render].push(t.total);
          if (render && t.browserMs !== null) times.browser.push(t.browserMs);
          loads.push(loadavg()[0]);
        }
      }
      rows.push([name, quantile(times[0], 0.5), quantile(times[1], 0.5), quantile(times[1], 0.95), times.browser.length ? quantile(times.browser, 0.5) / 1000 : NaN]);
      console.error(`${name}: done`);
    }
    console.log(`\nbench:render: ${REPORTS} reports per page and mode, one after another, via wrangler dev; ${cpus().length} CPUs, 1-min load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`);
    console.log("| page | unrendered p50 ms | rendered p50 ms | rendered p95 ms | browser-seconds per rendered report (p50) |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [name, a, b, c, d] of rows) console.log(`| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${c.toFixed(0)} | ${d.toFixed(2)} |`);
    console.log(`\nlone rendered reports (warm-up included): browsers launched ${count(/render: browser launched/g)}, reused ${count(/render: browser reused/g)}`);

    if (CRAWL_PAGES > 0) {
      const t0 = performance.now();
      const crawl = await post("/api/v1/crawls", { url: `${site.origin}/render/site/${CRAWL_PAGES}/0`, source: "links", limit: CRAWL_PAGES, render: 1 });
      let data;
      for (;;) {
        await sleep(1000);
        ({ data } = await get(`/api/v1/crawls/${crawl.id}`));
        if (["completed", "failed", "cancelled"].includes(data.status)) break;
      }
      const seconds = (performance.now() - t0) / 1000;
      const db = new DatabaseSync(d1File(persist));
      const row = db.prepare("SELECT browser_launches FROM crawls WHERE id = ?").get(crawl.id);
      db.close();
      console.log(
        `\nrendered crawl of ${CRAWL_PAGES} script-built pages (links written by script, CRAWL_INTERVAL_MS 100): ${data.status}, ` +
          `${data.pages.audited} audited, ${data.pages.failed} failed, in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, data.pages.audited)).toFixed(0)} ms per page); ` +
          `browsers launched: ${row.browser_launches}; load ${loadavg()[0].toFixed(1)}`,
      );
    }
  } finally {
    dev.stop();
    await site.close();
    rmSync(persist, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

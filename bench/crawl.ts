// npm run bench:crawl: crawls a local site of 500 pages through `wrangler dev` (free ports, throwaway local D1)
// and prints wall time and pages/s with CRAWL_INTERVAL_MS at 0 and at its default (1,000 ms). Figures, not a test.
// Knobs: BENCH_PAGES (500), BENCH_INTERVALS ("0,1000"), BENCH_DEFAULT_PAGES (pages for the runs with an interval
// above 0; default BENCH_PAGES: at 1 s a page, 500 pages take over 8 minutes).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { prepareDatabase, startWranglerDev } from "../test/e2e/services";
import { startCrawlSite } from "./crawl-site.mjs";

const PAGES = Number(process.env.BENCH_PAGES ?? 500);
const INTERVALS = (process.env.BENCH_INTERVALS ?? "0,1000").split(",").map(Number);
const DEFAULT_PAGES = Number(process.env.BENCH_DEFAULT_PAGES ?? PAGES);
const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** A site of PAGES pages: /sitemap.xml lists them all, each page links to the next ten. */
const startSite = () => startCrawlSite(PAGES);

async function run(site: { origin: string }, intervalMs: number, pages: number) {
  const persist = mkdtempSync(join(tmpdir(), "pagegrade-bench-crawl-"));
  const key = prepareDatabase(persist);
  const dev = await startWranglerDev(persist, { CRAWL_INTERVAL_MS: String(intervalMs) });
  try {
    const api = async (method: string, path: string, form?: Record<string, string>) => {
      const res = await fetch(`${dev.origin}/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, Accept: "application/json" },
        body: form ? new URLSearchParams(form) : undefined,
      });
      return ((await res.json()) as { data: Record<string, any> }).data;
    };
    const t0 = Date.now();
    const crawl = await api("POST", "/crawls", { url: `${site.origin}/sitemap.xml`, source: "sitemap", limit: String(pages) });
    let last = crawl;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      last = await api("GET", `/crawls/${crawl.id}`);
      if (!["discovering", "running"].includes(last.status)) break;
      if ((Date.now() - t0) % 30_000 < 500) log(`interval ${intervalMs} ms: ${last.pages.audited}/${pages} audited`);
    }
    const seconds = (Date.now() - t0) / 1000;
    return { intervalMs, pages, status: last.status, audited: last.pages.audited, failed: last.pages.failed, seconds, perSecond: last.pages.audited / seconds };
  } finally {
    await dev.stop();
    rmSync(persist, { recursive: true, force: true });
  }
}

const site = await startSite();
try {
  log(`site of ${PAGES} pages at ${site.origin}; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const results = [];
  for (const interval of INTERVALS) {
    const pages = interval > 0 ? DEFAULT_PAGES : PAGES;
    log(`crawling ${pages} pages with CRAWL_INTERVAL_MS=${interval}`);
    results.push(await run(site, interval, pages));
  }
  console.log("\ninterval_ms  pages  status     audited  failed  wall_s  pages/s");
  for (const r of results) {
    console.log(
      `${String(r.intervalMs).padStart(11)}  ${String(r.pages).padStart(5)}  ${r.status.padEnd(9)}  ${String(r.audited).padStart(7)}  ${String(r.failed).padStart(6)}  ${r.seconds.toFixed(1).padStart(6)}  ${r.perSecond.toFixed(2).padStart(7)}`,
    );
  }
  console.log(`(load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}; the machine is shared, figures are noisy)`);
} finally {
  await site.close();
}

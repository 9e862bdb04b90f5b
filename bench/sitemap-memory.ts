// npm run bench:sitemap: memory of sitemap discovery (src/site/discovery) in Node, reading generated sitemaps
// from the tests' page server (test/server/sitemap-routes.ts) run in a child process, so the server's own buffers
// do not count. Prints one line per case: peak heap and RSS growth over a GC'd baseline (sampled every ms while the
// read runs), what stays retained with the result alive, and the time. Then reads the 60 MB one again in a process
// whose whole heap is capped, to show the bound holds however large the file. Figures, not a test.
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { readSitemaps, type SitemapDiscovery } from "../src/site/discovery/sitemaps";

const SELF = fileURLToPath(import.meta.url);
const CAPPED_HEAP_MB = 48;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const gc = (globalThis as { gc?: () => void }).gc;

interface Case {
  name: string;
  path: string;
  limit: number;
}

const CASES: Case[] = [
  { name: "50,000 URLs, all kept", path: "count/50000.xml", limit: 50_000 },
  { name: "50,000 URLs, limit 500", path: "count/50000.xml", limit: 500 },
  { name: "60 MB (stops at 50 MB), limit 500", path: "megabytes/60.xml", limit: 500 },
  { name: "60 MB (stops at 50 MB), limit 50,000", path: "megabytes/60.xml", limit: 50_000 },
];

async function measure(origin: string, { path, limit }: Case) {
  const read = () =>
    readSitemaps([`${origin}/sitemaps/${path}`], { allowPrivateTargets: true, timeoutMs: 300_000, limit, host: new URL(origin).hostname });
  gc!();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 1);
  const started = performance.now();
  const result: SitemapDiscovery = await read();
  const ms = performance.now() - started;
  clearInterval(sample);
  gc!();
  const retained = process.memoryUsage().heapUsed - base.heapUsed;
  const sitemap = result.sitemaps[0]!;
  return [
    `kept ${result.urls.length}, found ${result.found}${sitemap.error ? ` (${sitemap.error.code})` : ""}`,
    `${(ms / 1000).toFixed(1)} s`,
    `peak heap +${mb(peakHeap - base.heapUsed)} MB`,
    `peak RSS +${mb(peakRss - base.rss)} MB`,
    `retained with result +${mb(retained)} MB`,
  ].join(", ");
}

/** The page server in its own process; resolves with its origin. */
function startServer() {
  const child = spawn(process.execPath, ["--import", "tsx", SELF, "--serve"], { stdio: ["pipe", "pipe", "inherit"] });
  const origin = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`page server exited (${code})`)));
  });
  return { origin, stop: () => child.kill() };
}

async function serve() {
  const { startPageServer } = await import("../test/server/page-server");
  const server = await startPageServer();
  console.log(server.origin);
  // Ends with the parent: its end of our stdin closes.
  process.stdin.resume();
  process.stdin.once("end", () => server.close().then(() => process.exit(0)));
}

async function main() {
  if (!gc) throw new Error("run with --expose-gc (npm run bench:sitemap)");
  const server = startServer();
  try {
    const origin = await server.origin;
    if (process.argv.includes("--capped")) {
      // One read only, reported by the parent; an out-of-memory crash here fails the capped line.
      console.log(await measure(origin, CASES[2]!));
      return;
    }
    await measure(origin, { name: "warm-up", path: "range/1-100.xml", limit: 100 });
    for (const each of CASES) console.log(`sitemap discovery, ${each.name}: ${await measure(origin, each)}`);
    const capped = spawnSync(
      process.execPath,
      [`--max-old-space-size=${CAPPED_HEAP_MB}`, "--expose-gc", "--import", "tsx", SELF, "--capped"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const outcome = capped.status === 0 ? capped.stdout.trim() : `FAILED (exit ${capped.status ?? capped.signal})`;
    console.log(`sitemap discovery, ${CASES[2]!.name}, whole heap capped at ${CAPPED_HEAP_MB} MB: ${outcome}`);
  } finally {
    server.stop();
  }
}

await (process.argv.includes("--serve") ? serve() : main());

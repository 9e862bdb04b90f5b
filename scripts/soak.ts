/**
 * `npm run soak` (tsx scripts/soak.ts [--minutes 10] [--reports 2100] [--clients 8] [--keys 4]
 *   [--fetch-timeout-ms 3000] [--max-heap-mb 100] [--max-heap-growth-mb 10] [--max-settle-minutes 7] [--heap-snapshots]
 *   [--snapshot-above-mb N] [--no-local-observability] [--var NAME:VALUE ...] [--keep]):
 * serves the hostile page server, starts `wrangler dev` on a throwaway local D1, creates reports from several
 * concurrent clients (a third on hostile pages), regenerates and deletes some while they are analysed, then
 * waits (bounded) and checks that nothing is stuck, lost or wrong and that the API never answered 5xx.
 * `--only <kind>` and `--log-level info` help chase one finding.
 * All along it reads the Worker isolate's V8 heap through the inspector, beside workerd's resident memory.
 * Exits 1 when stuck, lost, wrong outcomes, 5xx, fewer reports than asked, a report settled later than
 * --max-settle-minutes after its creation (or last regeneration), or the isolate's heap over its bounds
 * (peak used, and used after a final collection against the start); figures go to stdout.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { freePort, newApiKey, seededRandom, toolEnv } from "./local-tools.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startPageServer } from "../test/server/page-server";
import { connectInspector, heapGroups, heapGrowth, type HeapUsage, type IsolateInspector } from "./isolate-heap";
import { localStateOnDisk, workerdMemory, type ProcessMemory } from "./process-memory";
import { startRobotsSite } from "../test/server/soak-routes";

// ---------- options ----------

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i === -1 ? NaN : Number(args[i + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
// wrangler dev analysed 3-15 reports a second on a shared 2-CPU machine (one batch of 5 at a time): 2,000
// reports drain in 3-10 minutes. The run ends as soon as they have; the budget only bounds it.
const MINUTES = option("minutes", 10);
const REPORTS = option("reports", 2100);
const CLIENTS = option("clients", 8);
const KEYS_PER_CLIENT = option("keys", 4);
// Production waits 15 s for a page; wrangler dev's local queue runs one batch of 5 at a time, so every
// timeout stalls four other analyses. A shorter deadline keeps the run bounded and is printed with the figures.
const FETCH_TIMEOUT_MS = option("fetch-timeout-ms", 3000);
// The isolate's bounds (a deployed Worker has 128 MB): peak used heap, and used heap after a final collection
// against the start (also after a collection). workerd's RSS is printed with its split, not bounded.
const MAX_HEAP_MB = option("max-heap-mb", 100);
const MAX_HEAP_GROWTH_MB = option("max-heap-growth-mb", 10);
// Issue 18: every report settles within 7 minutes of its creation (or of its last regeneration).
const MAX_SETTLE_MINUTES = option("max-settle-minutes", 7);
const HEAP_SNAPSHOTS = args.includes("--heap-snapshots");
/** One heap snapshot the first time the used heap passes this: it collects first, so it tells live from garbage at a peak. */
const SNAPSHOT_ABOVE_MB = option("snapshot-above-mb", Infinity);
// wrangler dev keeps every trace of the Worker in a local store (X_LOCAL_OBSERVABILITY); off, to tell its share of RSS.
const LOCAL_OBSERVABILITY = !args.includes("--no-local-observability");
const KEEP = args.includes("--keep");
/** `--var BODY_BUDGET_BYTES:8388608`: passed on to wrangler dev, to compare settings. */
const EXTRA_VARS = args.flatMap((arg, i) => (arg === "--var" && args[i + 1] ? ["--var", args[i + 1]!] : []));
const textOption = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
/** `--only reset,cut`: every report on the kinds whose name contains one of these (to chase one finding); `--log-level info`. */
const ONLY = textOption("only");
const LOG_LEVEL = textOption("log-level") ?? "warn";
const REGENERATE_SHARE = 0.05;
const DELETE_SHARE = 0.05;
const PROJECT_DELETE_REPORTS = 25;

const ROOT = resolve(import.meta.dirname, "..");
const ENV = toolEnv();
const startedAt = Date.now();
const deadline = startedAt + MINUTES * 60_000;
const log = (message: string) => console.error(`[${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}`);
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

// ---------- page kinds and what each must end as ----------

interface Kind {
  name: string;
  hostile: boolean;
  weight: number;
  path: (n: number) => string;
  /** "completed", or the error codes a failed report may carry. */
  expect: "completed" | string[];
  origin?: "robots-huge" | "robots-binary";
}

const kinds: Kind[] = [
  { name: "known page", hostile: false, weight: 4, path: (n) => `/fixtures/known-page.html?soak=${n}`, expect: "completed" },
  { name: "sample page", hostile: false, weight: 3, path: (n) => `/fixtures/sample-page.html?soak=${n}`, expect: "completed" },
  { name: "404 page", hostile: false, weight: 1, path: (n) => `/soak/missing/${n}`, expect: "completed" },
  { name: "gzip page", hostile: false, weight: 1, path: (n) => `/hostile/encoded/gzip?soak=${n}`, expect: "completed" },
  { name: "redirect chain 3", hostile: false, weight: 1, path: (n) => `/hostile/chain/3?soak=${n}`, expect: "completed" },
  { name: "5 MB page (cut by the parse budget)", hostile: false, weight: 0.1, path: (n) => `/large/5000000?soak=${n}`, expect: "completed" },
  { name: "huge robots.txt", hostile: false, weight: 0.5, path: (n) => `/page?soak=${n}`, expect: "completed", origin: "robots-huge" },
  { name: "binary robots.txt", hostile: false, weight: 0.5, path: (n) => `/page?soak=${n}`, expect: "completed", origin: "robots-binary" },

  { name: "slow 1 s", hostile: true, weight: 0.6, path: (n) => `/hostile/slow/1000?soak=${n}`, expect: "completed" },
  { name: "slow past the timeout", hostile: true, weight: 0.08, path: (n) => `/hostile/slow/60000?soak=${n}`, expect: ["timeout"] },
  { name: "hang", hostile: true, weight: 0.08, path: (n) => `/hostile/hang?soak=${n}`, expect: ["timeout"] },
  { name: "drip", hostile: true, weight: 0.08, path: (n) => `/hostile/drip/200?soak=${n}`, expect: ["timeout"] },
  { name: "reset", hostile: true, weight: 0.5, path: (n) => `/hostile/reset?soak=${n}`, expect: ["connection_failed"] },
  { name: "cut mid-body", hostile: true, weight: 0.4, path: (n) => `/hostile/cut?soak=${n}`, expect: ["connection_failed"] },
  { name: "not HTTP", hostile: true, weight: 0.3, path: (n) => `/hostile/garbage?soak=${n}`, expect: ["connection_failed"] },
  { name: "6 MB body", hostile: true, weight: 0.4, path: (n) => `/hostile/big/6000000?soak=${n}`, expect: ["too_large"] },
  { name: "endless body", hostile: true, weight: 0.3, path: (n) => `/hostile/endless/soak-${n}`, expect: ["too_large"] },
  { name: "gzip bomb", hostile: true, weight: 0.4, path: (n) => `/hostile/gzip-bomb?soak=${n}`, expect: ["too_large"] },
  { name: "100,000 nested elements", hostile: true, weight: 0.15, path: (n) => `/hostile/nested/100000?soak=${n}`, expect: "completed" },
  { name: "redirect loop", hostile: true, weight: 0.5, path: (n) => `/hostile/loop/a?soak=${n}`, expect: ["redirect_loop"] },
  { name: "11 redirects", hostile: true, weight: 0.4, path: (n) => `/hostile/chain/11?soak=${n}`, expect: ["too_many_redirects"] },
  // Private targets are allowed here (the page server is on 127.0.0.1), so the redirects that stay blocked are
  // the ones refused under any setting: another scheme, and credentials in the URL.
  { name: "redirect to ftp:", hostile: true, weight: 0.3, path: (n) => `/hostile/redirect?to=${encodeURIComponent(`ftp://127.0.0.1/${n}`)}`, expect: ["blocked_url"] },
  { name: "redirect with credentials", hostile: true, weight: 0.3, path: (n) => `/hostile/redirect?to=${encodeURIComponent(`http://user:pw@127.0.0.1/${n}`)}`, expect: ["blocked_url"] },
  { name: "image/png", hostile: true, weight: 0.3, path: (n) => `/hostile/type/png?soak=${n}`, expect: ["not_html"] },
  { name: "application/json", hostile: true, weight: 0.3, path: (n) => `/hostile/type/json?soak=${n}`, expect: ["not_html"] },
  { name: "no content type", hostile: true, weight: 0.3, path: (n) => `/hostile/type/none?soak=${n}`, expect: ["not_html"] },
  { name: "HTTP 429", hostile: true, weight: 0.4, path: (n) => `/hostile/status/429?soak=${n}`, expect: ["target_unavailable"] },
  { name: "HTTP 503", hostile: true, weight: 0.4, path: (n) => `/hostile/status/503?soak=${n}`, expect: ["target_unavailable"] },
  { name: "HTTP 500 page", hostile: true, weight: 0.4, path: (n) => `/hostile/status/500?soak=${n}`, expect: "completed" },
];

/** Deterministic choice: a third hostile, the rest friendly, each group by weight. */
const random = seededRandom(20261125);
function pickKind(): Kind {
  if (ONLY) {
    const chosen = kinds.filter((k) => ONLY.split(",").some((part) => k.name.includes(part)));
    return chosen[Math.floor(random() * chosen.length)] ?? kinds[0]!;
  }
  const group = kinds.filter((k) => k.hostile === random() < 1 / 3);
  let r = random() * group.reduce((sum, k) => sum + k.weight, 0);
  for (const kind of group) if ((r -= kind.weight) <= 0) return kind;
  return group[group.length - 1]!;
}

// ---------- the API client, with its figures ----------

interface Stats {
  latencies: number[];
  statuses: Map<number, number>;
  serverErrors: { method: string; path: string; status: number; body: string }[];
  networkErrors: number;
  rateLimited: number;
}
const stats: Stats = { latencies: [], statuses: new Map(), serverErrors: [], networkErrors: 0, rateLimited: 0 };

interface Client {
  index: number;
  keys: string[];
  next: number;
}

async function api(base: string, client: Client, method: string, path: string, form?: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const key = client.keys[client.next++ % client.keys.length]!;
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, accept: "application/json", ...(form && { "content-type": "application/x-www-form-urlencoded" }) },
        body: form ? new URLSearchParams(form) : undefined,
      });
    } catch (error) {
      stats.networkErrors++;
      if (attempt >= 3) throw error;
      await sleep(500);
      continue;
    }
    const text = await res.text();
    stats.latencies.push(performance.now() - started);
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) stats.serverErrors.push({ method, path, status: res.status, body: text.slice(0, 300) });
    if (res.status === 429 && attempt < 5) {
      stats.rateLimited++;
      await sleep(1000);
      continue;
    }
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      // counted by status; a non-JSON body shows in the checks below
    }
    return { status: res.status, json, text };
  }
}

// ---------- what the clients did ----------

interface Created {
  id: number;
  client: number;
  kind: Kind;
  createdAt: number;
  regeneratedAt?: number;
  deleted?: "report" | "project";
}
const created = new Map<number, Created>();
const createFailures: { status: number; body: string }[] = [];

interface Origins {
  pages: string;
  localhost: string;
  "robots-huge": string;
  "robots-binary": string;
}

/** Set once client 0's DELETE of its `localhost` project succeeded (a short run may end before it). */
let localhostDeleted = false;

async function runClient(base: string, client: Client, count: number, origins: Origins, stopAt: number) {
  const mine: Created[] = [];
  const live = () => mine.filter((r) => !r.deleted);
  const recent = () => live().slice(-20);
  // Client 0 puts its first reports on `localhost` (its own project), then deletes that project mid-run.
  const projectDeleter = client.index === 0 && !ONLY;
  const onLocalhostReports: Created[] = [];
  for (let n = 0; n < count && Date.now() < stopAt; n++) {
    const onLocalhost = projectDeleter && n < PROJECT_DELETE_REPORTS;
    const kind = onLocalhost ? kinds[0]! : pickKind();
    const origin = onLocalhost ? origins.localhost : origins[kind.origin ?? "pages"];
    const url = `${origin}${kind.path(client.index * 1_000_000 + n)}`;
    const res = await api(base, client, "POST", "/api/v1/reports", { url });
    if (res.status !== 201) {
      createFailures.push({ status: res.status, body: res.text.slice(0, 200) });
      continue;
    }
    const report: Created = { id: res.json.data.id, client: client.index, kind, createdAt: Date.now() };
    created.set(report.id, report);
    mine.push(report);
    if (onLocalhost) onLocalhostReports.push(report);

    // While the analyses of the last few are queued or running: regenerate one, delete another.
    if (random() < REGENERATE_SHARE) {
      const target = recent()[Math.floor(random() * recent().length)];
      if (target) {
        const patched = await api(base, client, "PATCH", `/api/v1/reports/${target.id}`, { update: "1" });
        if (patched.status === 202) target.regeneratedAt = Date.now();
      }
    }
    if (random() < DELETE_SHARE) {
      const target = recent()[Math.floor(random() * recent().length)];
      if (target) {
        const removed = await api(base, client, "DELETE", `/api/v1/reports/${target.id}`);
        if (removed.status === 200) target.deleted = "report";
      }
    }
    if (projectDeleter && n === PROJECT_DELETE_REPORTS + 10) {
      const removed = await api(base, client, "DELETE", "/api/v1/projects/localhost");
      if (removed.status === 200) {
        localhostDeleted = true;
        for (const r of onLocalhostReports) r.deleted ??= "project";
      }
      else log(`DELETE /api/v1/projects/localhost answered ${removed.status}: ${removed.text}`);
    }
  }
}

/** Every report of each client's account, through the list endpoint, by id. */
async function sweep(base: string, clients: Client[]) {
  const seen = new Map<number, Record<string, any>>();
  await Promise.all(
    clients.map(async (client) => {
      for (let page = 1; ; page++) {
        const res = await api(base, client, "GET", `/api/v1/reports?per_page=100&sort_by=id&sort=asc&page=${page}`);
        if (res.status !== 200) throw new Error(`list answered ${res.status}: ${res.text.slice(0, 200)}`);
        for (const report of res.json.data) seen.set(report.id, report);
        if (page >= res.json.meta.last_page) break;
      }
    }),
  );
  return seen;
}

// ---------- processes ----------

const wrangler = (argv: string[]) =>
  execFileSync("wrangler", argv, { cwd: ROOT, env: ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });

/**
 * The Worker as it is now, bundled to `dir` with a config of its own: wrangler dev watches its sources (and
 * package.json) and reloads on every save, and a reload drops the local queue's in-memory messages, so a soak
 * run next to people editing the project would otherwise lose analyses that the code under test never lost.
 */
function snapshotWorker(dir: string): string {
  const bundle = join(dir, "bundle");
  wrangler(["deploy", "--dry-run", "--outdir", bundle]);
  const config = readFileSync(join(ROOT, "wrangler.toml"), "utf8")
    .replace(/^main\s*=.*$/m, `main = ${JSON.stringify(join(bundle, "index.js"))}`)
    .replace(/^migrations_dir\s*=.*$/m, `migrations_dir = ${JSON.stringify(join(ROOT, "migrations"))}`)
    // The static assets (public/) stay where npm ci laid them: a relative directory would be read beside the copy.
    .replace(/^directory\s*=\s*"\.\/public"\s*$/m, `directory = ${JSON.stringify(join(ROOT, "public"))}`);
  const path = join(dir, "wrangler.toml");
  writeFileSync(path, config);
  return path;
}

/** Accounts and keys written straight to the local D1, as `npm run key -- create` would. */
function seedKeys(dir: string, persist: string): Client[] {
  const clients: Client[] = [];
  const sql: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    sql.push(`INSERT INTO accounts (id, name) VALUES (${c + 1}, 'soak client ${c}');`);
    const keys: string[] = [];
    for (let k = 0; k < KEYS_PER_CLIENT; k++) {
      const { key, prefix, hash } = newApiKey();
      sql.push(`INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (${c + 1}, 'soak', '${prefix}', '${hash}');`);
      keys.push(key);
    }
    clients.push({ index: c, keys, next: 0 });
  }
  const file = join(dir, "seed.sql");
  writeFileSync(file, sql.join("\n"));
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persist, "--file", file]);
  return clients;
}

async function waitForServer(base: string, key: string, child: ChildProcess, output: string[]) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output.join("").slice(-3000)}`);
    try {
      const res = await fetch(`${base}/api/v1/projects`, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`wrangler dev did not answer within 90 s:\n${output.join("").slice(-3000)}`);
}

interface Sample {
  at: number;
  rss: ProcessMemory;
  heap: HeapUsage | null;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kbMb = (kb: number) => (kb / 1024).toFixed(0);

/** A heap snapshot to `path`, summarised by constructor. */
async function snapshotGroups(inspector: IsolateInspector, path: string) {
  await inspector.snapshot(path);
  return heapGroups(readFileSync(path, "utf8"));
}

// ---------- figures ----------

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce((map, item) => map.set(key(item), (map.get(key(item)) ?? 0) + 1), new Map<string, number>());

// ---------- main ----------

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "pagegrade-soak-"));
  const persist = join(dir, "state");
  const pages = await startPageServer();
  const robotsHuge = await startRobotsSite("huge");
  const robotsBinary = await startRobotsSite("binary");
  let dev: ChildProcess | undefined;
  const stopDev = async () => {
    if (!dev || dev.exitCode !== null) return;
    try {
      process.kill(-dev.pid!, "SIGTERM"); // its own process group: wrangler and its workerd children
    } catch {
      // already gone
    }
    for (let i = 0; i < 20 && dev.exitCode === null; i++) await sleep(250);
  };
  const cleanup = async () => {
    await stopDev();
    await Promise.all([pages.close(), robotsHuge.close(), robotsBinary.close()]);
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanup().then(() => process.exit(130)));

  try {
    log(`temp state in ${persist}; page server ${pages.origin}`);
    const config = snapshotWorker(dir);
    log(`worker bundled as it is now (${config})`);
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
    const clients = seedKeys(dir, persist);
    log(`${CLIENTS} accounts with ${KEYS_PER_CLIENT} keys each`);

    const port = await freePort();
    const inspectorPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    dev = spawn(
      "wrangler",
      ["dev", "--config", config, "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(inspectorPort),
        "--persist-to", persist, "--log-level", LOG_LEVEL,
        "--var", "ALLOW_PRIVATE_TARGETS:true", "--var", "REPORT_COOKIE_SECRET:soak-only-secret", "--var", `FETCH_TIMEOUT_MS:${FETCH_TIMEOUT_MS}`, ...EXTRA_VARS],
      // Started from the temp dir: wrangler dev also reloads when the project's package.json changes.
      {
        cwd: dir,
        env: { ...ENV, X_LOCAL_OBSERVABILITY: String(LOCAL_OBSERVABILITY) },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    dev.stdout!.on("data", (d) => output.push(String(d)));
    dev.stderr!.on("data", (d) => output.push(String(d)));
    const devLog = join(KEEP ? dir : tmpdir(), `pagegrade-soak-wrangler-${port}.log`);
    const saveLog = () => writeFileSync(devLog, output.join(""));
    await waitForServer(base, clients[0]!.keys[0]!, dev, output);
    log(`wrangler dev answering on ${base}`);

    // A request that needs no D1 and no key: it only wakes the isolate so it reads the inspector's commands.
    const inspector = await connectInspector(inspectorPort, () => fetch(`${base}/api/v1/__wake`).then((res) => res.arrayBuffer()));
    const sample = async (): Promise<Sample> => ({ at: Date.now(), rss: workerdMemory(dev!.pid!), heap: await inspector.usage() });
    const snapshotPath = (name: string) => join(tmpdir(), `pagegrade-soak-heap-${port}-${name}.heapsnapshot`);
    await inspector.collectGarbage();
    const startGroups = HEAP_SNAPSHOTS ? await snapshotGroups(inspector, snapshotPath("start")) : [];
    const samples: Sample[] = [await sample()];
    let sampling = true;
    let peakSnapshot: { usedBefore: number; usedAfter: number; groups: ReturnType<typeof heapGroups> } | undefined;
    const sampler = (async () => {
      while (sampling) {
        await sleep(1000);
        const latest = await sample();
        samples.push(latest);
        if (!peakSnapshot && latest.heap && latest.heap.used > SNAPSHOT_ABOVE_MB * 2 ** 20) {
          const groups = await snapshotGroups(inspector, snapshotPath("peak"));
          peakSnapshot = { usedBefore: latest.heap.used, usedAfter: (await inspector.usage())?.used ?? NaN, groups };
        }
      }
    })();

    // Creation gets at most 40% of the budget, so analysis has time to drain within it.
    const loadStart = Date.now();
    const createBy = loadStart + (deadline - loadStart) * 0.4;
    const origins: Origins = {
      pages: pages.origin,
      localhost: pages.origin.replace("127.0.0.1", "localhost"),
      "robots-huge": robotsHuge.origin,
      "robots-binary": robotsBinary.origin,
    };
    await Promise.all(clients.map((client) => runClient(base, client, Math.ceil(REPORTS / CLIENTS), origins, createBy)));
    const loadEnd = Date.now();
    const loadLatencies = [...stats.latencies];
    log(`created ${created.size} reports in ${((loadEnd - loadStart) / 1000).toFixed(1)} s; waiting for the analyses`);

    // Wait until every surviving report is completed or failed, or the deadline.
    let seen = new Map<number, Record<string, any>>();
    for (;;) {
      seen = await sweep(base, clients);
      const pending = [...seen.values()].filter((r) => r.status === "queued" || r.status === "processing").length;
      if (pending === 0 || Date.now() > deadline) break;
      log(`${pending} still queued or processing`);
      await sleep(3000);
    }
    const drainedAt = Date.now();
    sampling = false;
    await sampler;
    // Garbage is not growth: the end figure is what survives a full collection.
    await inspector.collectGarbage();
    const endSample = await sample();
    const endGroups = HEAP_SNAPSHOTS ? await snapshotGroups(inspector, snapshotPath("end")) : [];

    // ---------- verification ----------
    const survivors = [...created.values()].filter((r) => !r.deleted);
    const deleted = [...created.values()].filter((r) => r.deleted);
    const lost: number[] = [];
    for (const r of survivors) {
      if (seen.has(r.id)) continue;
      const res = await api(base, clients[r.client]!, "GET", `/api/v1/reports/${r.id}`);
      if (res.status === 200) seen.set(r.id, res.json.data);
      else lost.push(r.id);
    }
    const stuck = survivors.filter((r) => ["queued", "processing"].includes(seen.get(r.id)?.status));
    // A report waiting on a retry was touched within the last retry delay (16 s) plus the fetch timeout.
    const idle = stuck.filter((r) => Date.now() - Date.parse(seen.get(r.id)!.updated_at) > 120_000);
    const wrong: string[] = [];
    const staleRegenerations: number[] = [];
    for (const r of survivors) {
      const report = seen.get(r.id);
      if (!report || report.status === "queued" || report.status === "processing") continue;
      const ok =
        r.kind.expect === "completed" ? report.status === "completed" : report.status === "failed" && r.kind.expect.includes(report.error?.code);
      if (!ok) wrong.push(`#${r.id} ${r.kind.name}: ${report.status} ${report.error?.code ?? ""} (expected ${r.kind.expect})`);
      const finishedAt = Date.parse(report.status === "completed" ? report.generated_at : report.updated_at);
      if (r.regeneratedAt && finishedAt < r.regeneratedAt - 1000) staleRegenerations.push(r.id);
    }
    const resurrected: number[] = [];
    for (const r of deleted) {
      const res = await api(base, clients[r.client]!, "GET", `/api/v1/reports/${r.id}`);
      if (res.status !== 404 || seen.has(r.id)) resurrected.push(r.id);
    }
    const emptyProjects: string[] = [];
    for (const client of clients) {
      const res = await api(base, client, "GET", "/api/v1/projects?per_page=100");
      for (const project of res.json?.data ?? []) if (project.reports < 1) emptyProjects.push(`${client.index}/${project.project}`);
      if (localhostDeleted && client.index === 0 && (res.json?.data ?? []).some((p: any) => p.project === "localhost")) {
        emptyProjects.push("0/localhost (deleted, still listed)");
      }
    }
    const stateOnDisk = localStateOnDisk(persist);
    inspector.close();
    await stopDev();
    saveLog();
    // Deleted means gone from the database too, not only hidden by the API.
    const ids = deleted.map((r) => r.id);
    const rows = ids.length
      ? JSON.parse(wrangler(["d1", "execute", "DB", "--local", "--persist-to", persist, "--json", "--command", `SELECT count(*) AS n FROM reports WHERE id IN (${ids.join(",")})`]))[0].results[0].n
      : 0;

    // ---------- figures ----------
    const finished = survivors.map((r) => seen.get(r.id)).filter((r) => r && (r.status === "completed" || r.status === "failed"));
    const lastFinish = Math.max(...finished.map((r) => Date.parse(r!.status === "completed" ? r!.generated_at : r!.updated_at)));
    const analysisSeconds = (lastFinish - loadStart) / 1000;
    // Created (or regenerated) to settled, per report: the client's clock at the POST/PATCH, the report's own end.
    const settleSeconds = survivors.flatMap((r) => {
      const report = seen.get(r.id);
      if (!report || (report.status !== "completed" && report.status !== "failed")) return [];
      const finishedAt = Date.parse(report.status === "completed" ? report.generated_at : report.updated_at);
      return [(finishedAt - (r.regeneratedAt ?? r.createdAt)) / 1000];
    });
    const slowestSettle = Math.max(0, ...settleSeconds);
    const lateSettles = settleSeconds.filter((seconds) => seconds > MAX_SETTLE_MINUTES * 60).length;
    const serverErrors = stats.serverErrors.length;
    const heaps = samples.flatMap((s) => (s.heap ? [s.heap] : []));
    const startHeap = samples[0]!.heap;
    const peakUsed = Math.max(...heaps.map((h) => h.used));
    const peakTotal = Math.max(...heaps.map((h) => h.total));
    const heapGrowthBytes = startHeap && endSample.heap ? endSample.heap.used - startHeap.used : NaN;
    const heapOk = startHeap !== null && endSample.heap !== null && peakUsed < MAX_HEAP_MB * 2 ** 20 && heapGrowthBytes <= MAX_HEAP_GROWTH_MB * 2 ** 20;
    const rss = samples.map((s) => s.rss.rssKb);
    const endRss = endSample.rss;
    const failedByCode = countBy(finished.filter((r) => r!.status === "failed"), (r) => r!.error?.code ?? "?");
    const byKind = countBy(
      survivors.map((r) => `${r.kind.hostile ? "hostile" : "friendly"} ${r.kind.name}: ${seen.get(r.id)?.status ?? "missing"}${seen.get(r.id)?.error ? ` ${seen.get(r.id)!.error.code}` : ""}`),
      (s) => s,
    );

    const lines = [
      "",
      `soak: ${CLIENTS} clients x ${KEYS_PER_CLIENT} keys, wrangler dev (local queue: max_batch_size 5, one batch at a time), FETCH_TIMEOUT_MS=${FETCH_TIMEOUT_MS}${EXTRA_VARS.filter((_, i) => i % 2).map((v) => `, ${v}`).join("")}, budget ${MINUTES} min`,
      `reports created:        ${created.size} (${[...created.values()].filter((r) => r.kind.hostile).length} hostile) in ${((loadEnd - loadStart) / 1000).toFixed(1)} s; create refusals: ${createFailures.length}`,
      `regenerated (PATCH update=1): ${[...created.values()].filter((r) => r.regeneratedAt).length}; deleted: ${deleted.filter((r) => r.deleted === "report").length} by DELETE report, ${deleted.filter((r) => r.deleted === "project").length} by DELETE project`,
      `completed:              ${finished.filter((r) => r!.status === "completed").length}`,
      `failed by code:         ${[...failedByCode].map(([code, n]) => `${code} ${n}`).join(", ") || "none"}`,
      `stuck (queued/processing at the end): ${stuck.length}, of which untouched for over 2 min: ${idle.length}`,
      `lost:                   ${lost.length}`,
      `wrong outcome for kind: ${wrong.length}`,
      `regenerations not re-analysed: ${staleRegenerations.length}`,
      `deleted but still readable: ${resurrected.length}; deleted rows still in D1: ${rows}; empty or deleted projects listed: ${emptyProjects.length}`,
      `API 5xx:                ${serverErrors}; 429 (retried): ${stats.rateLimited}; network errors: ${stats.networkErrors}`,
      `API statuses:           ${[...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(" ")}`,
      `analysed:               ${finished.length} in ${analysisSeconds.toFixed(1)} s = ${(finished.length / analysisSeconds).toFixed(2)} reports/s (first create to last finish)`,
      `created -> settled:     p50 ${percentile(settleSeconds, 50).toFixed(1)} s, p99 ${percentile(settleSeconds, 99).toFixed(1)} s, max ${slowestSettle.toFixed(1)} s; over ${MAX_SETTLE_MINUTES} min: ${lateSettles}`,
      `API latency under load: p50 ${percentile(loadLatencies, 50).toFixed(1)} ms, p99 ${percentile(loadLatencies, 99).toFixed(1)} ms (${loadLatencies.length} requests); whole run p50 ${percentile(stats.latencies, 50).toFixed(1)} ms, p99 ${percentile(stats.latencies, 99).toFixed(1)} ms`,
      `isolate heap (inspector, used / total MB): start ${startHeap ? `${mb(startHeap.used)} / ${mb(startHeap.total)}` : "?"} (collected), peak ${mb(peakUsed)} / ${mb(peakTotal)}, end ${endSample.heap ? `${mb(endSample.heap.used)} / ${mb(endSample.heap.total)}` : "?"} (collected): ${heapOk ? "within" : "OUTSIDE"} the bounds (peak used < ${MAX_HEAP_MB} MB, end within ${MAX_HEAP_GROWTH_MB} MB of start: ${(heapGrowthBytes / 2 ** 20).toFixed(1)} MB); ${heaps.length} of ${samples.length} samples answered`,
      `workerd RSS (not bounded): start ${kbMb(rss[0]!)} MB, peak ${kbMb(Math.max(...rss))} MB, end ${kbMb(endRss.rssKb)} MB = anonymous ${kbMb(endRss.anonymousKb)} MB (every isolate's heap: this Worker's ${endSample.heap ? mb(endSample.heap.total) : "?"} MB and the local runtime's own D1, queue and trace-store workers; SQLite and allocator memory) + file-backed ${kbMb(endRss.fileKb)} MB (the workerd binary, mapped files) + shared ${kbMb(endRss.shmemKb)} MB; anonymous at start ${kbMb(samples[0]!.rss.anonymousKb)} MB`,
      `local runtime state on disk (${persist}): ${stateOnDisk.filter((k) => k.bytes > 0).map((k) => `${k.name} ${mb(k.bytes)} MB`).join(", ")}; local observability (trace store) ${LOCAL_OBSERVABILITY ? "on" : "off (X_LOCAL_OBSERVABILITY=false)"}`,
      `wall time:              ${((drainedAt - startedAt) / 1000).toFixed(0)} s; wrangler dev output in ${devLog}`,
      "",
      "by kind:",
      ...[...byKind].sort().map(([k, n]) => `  ${k} x${n}`),
    ];
    if (HEAP_SNAPSHOTS) {
      lines.push("", `heap snapshots (collected) ${snapshotPath("start")} -> ${snapshotPath("end")}; what grew most (self size):`);
      lines.push(...heapGrowth(startGroups, endGroups).map((g) => `  ${g.name}: ${g.bytes >= 0 ? "+" : ""}${mb(g.bytes)} MB, ${g.count >= 0 ? "+" : ""}${g.count} objects`));
    }
    if (peakSnapshot) {
      lines.push("", `heap snapshot at ${mb(peakSnapshot.usedBefore)} MB used (${snapshotPath("peak")}): ${mb(peakSnapshot.usedAfter)} MB used once collected; largest (self size):`);
      lines.push(...peakSnapshot.groups.slice(0, 12).map((g) => `  ${g.name}: ${mb(g.bytes)} MB, ${g.count} objects`));
    }
    if (wrong.length) lines.push("", "wrong outcomes (first 20):", ...wrong.slice(0, 20).map((w) => `  ${w}`));
    if (stuck.length) lines.push("", `stuck (first 20): ${stuck.slice(0, 20).map((r) => `#${r.id} ${r.kind.name}`).join(", ")}`);
    if (lost.length) lines.push("", `lost (first 20): ${lost.slice(0, 20).join(", ")}`);
    if (resurrected.length) lines.push("", `deleted but readable: ${resurrected.slice(0, 20).join(", ")}`);
    if (emptyProjects.length) lines.push("", `projects: ${emptyProjects.slice(0, 20).join(", ")}`);
    if (serverErrors) lines.push("", "5xx (first 10):", ...stats.serverErrors.slice(0, 10).map((e) => `  ${e.method} ${e.path} ${e.status} ${e.body}`));
    if (createFailures.length) lines.push("", "create refusals (first 5):", ...createFailures.slice(0, 5).map((f) => `  ${f.status} ${f.body}`));
    console.log(lines.join("\n"));

    const failedChecks =
      lateSettles + stuck.length + lost.length + serverErrors + wrong.length + staleRegenerations.length + resurrected.length + rows + emptyProjects.length + createFailures.length;
    if (created.size < REPORTS) console.log(`\nonly ${created.size} of the ${REPORTS} reports asked for were created in the time budget`);
    return failedChecks === 0 && heapOk && created.size >= REPORTS ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

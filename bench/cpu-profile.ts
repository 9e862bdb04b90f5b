// V8 CPU profiles of wrangler dev's isolates (the Worker, local D1, queues) summarised by self time per isolate, folder,
// file and function. The Worker runs wrangler's minified bundle; its source map (.wrangler/tmp/dev-*/index.js.map,
// there while wrangler dev runs) names each sample's source file and function.
// Samples, not time deltas: workerd's isolates are sampled only while they run, so the delta before a sample also
// spans the time the isolate sat idle; each sample counts one sampling interval.
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { open, type Connection, type CpuProfile } from "../scripts/isolate-heap";
import { workerdPids } from "../scripts/process-memory";

export interface SelfTime {
  name: string;
  samples: number;
}

export interface ProfileSummary {
  title: string;
  samples: number;
  gcSamples: number;
  byFunction: SelfTime[];
  byFile: SelfTime[];
  /** Files grouped by folder (src/crawls, node_modules/linkedom ...). */
  byFolder: SelfTime[];
  /**
   * Self time outside the app's own files (a library, D1's client, native code) by the app function that called into
   * it, the nearest `src/` frame up the stack: which of our statements cost drizzle's query building, say.
   */
  byCaller: SelfTime[];
}

/** The source map of the bundle wrangler dev runs: the newest .wrangler/tmp/dev-* /index.js.map under `root`. */
export function devSourceMap(root: string): SourceMap | null {
  const tmp = join(root, ".wrangler", "tmp");
  let newest: { path: string; at: number } | null = null;
  for (const dir of statSync(tmp, { throwIfNoEntry: false }) ? readdirSync(tmp) : []) {
    const path = join(tmp, dir, "index.js.map");
    const stat = statSync(path, { throwIfNoEntry: false });
    if (dir.startsWith("dev-") && stat && (!newest || stat.mtimeMs > newest.at)) newest = { path, at: stat.mtimeMs };
  }
  return newest ? new SourceMap(JSON.parse(readFileSync(newest.path, "utf8"))) : null;
}

/** The folder a file is counted under: its package for node_modules, its directory for the app's own files. */
const folderOf = (file: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return `node_modules/${pkg[1]}`;
  return file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : file;
};

const sorted = (map: Map<string, number>) => [...map].map(([name, samples]) => ({ name, samples })).sort((a, b) => b.samples - a.samples);
const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

export function summariseProfile(title: string, profile: CpuProfile, map: SourceMap | null): ProfileSummary {
  const hits = new Map<number, number>();
  for (const node of profile.samples) hits.set(node, (hits.get(node) ?? 0) + 1);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const places = new Map<number, { file: string; name: string }>();
  /** A node's source file and function, through the bundle's source map for the Worker's own bundle. */
  const placeOf = (id: number) => {
    const known = places.get(id);
    if (known) return known;
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id)!.callFrame;
    let place = { file: url || `(native)`, name: functionName || "(anonymous)" };
    if (url === "index.js" && map) {
      const entry = map.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number; name?: string };
      if (entry.originalSource) {
        place = { file: entry.originalSource.replace(/^.*?((?:node_modules|src)\/)/, "$1"), name: `${entry.name ?? place.name}:${(entry.originalLine ?? 0) + 1}` };
      }
    }
    places.set(id, place);
    return place;
  };
  const ours = (file: string) => file.startsWith("src/");
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byFolder = new Map<string, number>();
  const byCaller = new Map<string, number>();
  let samples = 0;
  let gcSamples = 0;
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    const { functionName } = node.callFrame;
    if (n === 0 || functionName === "(idle)") continue;
    samples += n;
    if (functionName === "(garbage collector)") gcSamples += n;
    const { file, name } = placeOf(node.id);
    add(byFunction, `${name} ${file}`, n);
    add(byFile, file, n);
    add(byFolder, folderOf(file), n);
    if (!ours(file)) {
      let up = parents.get(node.id);
      while (up !== undefined && !ours(placeOf(up).file)) up = parents.get(up);
      const caller = up === undefined ? "(no app frame)" : `${placeOf(up).name} ${placeOf(up).file}`;
      add(byCaller, `${folderOf(file)} under ${caller}`, n);
    }
  }
  return { title, samples, gcSamples, byFunction: sorted(byFunction), byFile: sorted(byFile), byFolder: sorted(byFolder), byCaller: sorted(byCaller) };
}

/** Per isolate its share of the samples, then its top folders, files and functions, in samples per crawled page. */
export function printSummaries(summaries: ProfileSummary[], pages: number, intervalMs: number, top = 25, out = console.log) {
  const total = summaries.reduce((sum, s) => sum + s.samples, 0);
  const per = (n: number) => ((n * intervalMs) / Math.max(1, pages)).toFixed(3);
  out(`isolate profiles: ${total} samples (${per(total)} sampled ms/page) over ${summaries.length} isolates`);
  for (const s of summaries) out(`  ${per(s.samples).padStart(8)} ms/page  ${((100 * s.samples) / Math.max(1, total)).toFixed(1).padStart(5)}%  ${s.title} (GC ${per(s.gcSamples)})`);
  for (const s of summaries.filter((x) => x.samples > total / 20)) {
    for (const [what, rows] of [
      ["folder", s.byFolder],
      ["file", s.byFile],
      ["function", s.byFunction],
      ["calling app function (time outside src/)", s.byCaller],
    ] as const) {
      out(`  ${s.title}: self time by ${what} (ms/page, share of the isolate):`);
      for (const row of rows.slice(0, top)) out(`    ${per(row.samples).padStart(8)}  ${((100 * row.samples) / Math.max(1, s.samples)).toFixed(1).padStart(5)}%  ${row.name}`);
    }
  }
}

/** The TCP ports `pid` listens on (from /proc/<pid>/net/tcp and the process's socket descriptors). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`, { withFileTypes: false }) as string[]) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, "utf8").split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    // state 0A is LISTEN; the local address is hex ip:port.
    if (cols[3] === "0A" && inodes.has(cols[9]!)) ports.push(parseInt(cols[1]!.split(":")[1]!, 16));
  }
  return ports;
}

export interface InspectorTarget {
  /** core:user:<worker>, d1:db, queues:queue:<name> ... */
  title: string;
  url: string;
}

/**
 * The isolates of wrangler dev's runtime that do a crawl's work (the app's Worker, miniflare's local D1, its queue broker,
 * the entry and assets routers, rate limits, the observability collector), from workerd's own inspector (the
 * `--inspector-addr` wrangler gives it, not the proxy `--inspector-port` serves, which shows only the Worker): found
 * among the ports the workerd processes under `root` listen on, as the one whose /json lists `core:user:`. The idle
 * ones (KV, R2, caches, dead-letter queues ...) are left out: an isolate that never runs never answers its inspector.
 */
export async function workerdTargets(root: number): Promise<InspectorTarget[]> {
  const busy = /^(core:user:|core:entry$|d1:|queues:queue$|assets:router|assets:rpc-proxy|outbound:|ratelimit:)/;
  for (const pid of workerdPids(root)) {
    for (const port of listeningPorts(pid)) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(1000) });
        const targets = (await res.json()) as { id: string; webSocketDebuggerUrl: string }[];
        if (Array.isArray(targets) && targets.some((t) => t.id?.startsWith("core:user:"))) {
          return targets.filter((t) => busy.test(t.id)).map((t) => ({ title: t.id, url: t.webSocketDebuggerUrl }));
        }
      } catch {
        // not an inspector
      }
    }
  }
  return [];
}

/**
 * A CPU profile of several isolates at once: started on each session (a target whose isolate does not answer within
 * 15 s is left out), stopped together. `sessions` maps a target's title to an open inspector connection: the Worker's
 * own target already has one (wrangler's proxy holds workerd's session of it), the others are opened here.
 */
export async function profileTargets(targets: InspectorTarget[], poke: () => Promise<unknown>, own: Map<string, Connection>, intervalUs = 1000) {
  // One poke in flight at a time, however many sessions wait for their isolate.
  let poking: Promise<unknown> | null = null;
  const pokeOnce = () => (poking ??= poke().finally(() => (poking = null)));
  const sessions: { title: string; connection: Connection; owned: boolean }[] = [];
  await Promise.all(
    targets.map(async ({ title, url }) => {
      const ownConnection = own.get(title);
      let connection: Connection | undefined;
      try {
        connection = ownConnection ?? (await open(url, pokeOnce));
        await connection.call("Profiler.enable", {}, 15_000);
        await connection.call("Profiler.setSamplingInterval", { interval: intervalUs }, 15_000);
        await connection.call("Profiler.start", {}, 15_000);
        sessions.push({ title, connection, owned: !ownConnection });
      } catch {
        // an isolate that never ran
        if (!ownConnection) connection?.close();
      }
    }),
  );
  return {
    titles: sessions.map((s) => s.title),
    async stop(): Promise<{ title: string; profile: CpuProfile }[]> {
      const profiles = await Promise.all(
        sessions.map(async ({ title, connection, owned }) => {
          try {
            const { profile } = await connection.call("Profiler.stop", {}, 120_000);
            return { title, profile: profile as CpuProfile };
          } catch {
            return null;
          } finally {
            if (owned) connection.close();
          }
        }),
      );
      return profiles.filter((p) => p !== null);
    },
  };
}

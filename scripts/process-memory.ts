/**
 * What the local runtime's memory is made of, for the soak: the workerd processes' resident memory split by
 * /proc/<pid>/smaps_rollup, and the local state wrangler dev keeps on disk (D1, the observability trace store...).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface ProcessMemory {
  /** kB resident, and its split: anonymous (heaps, allocator), file-backed (the binary, mapped files), shared memory. */
  rssKb: number;
  anonymousKb: number;
  fileKb: number;
  shmemKb: number;
}

/** The processes descending from `root` (wrangler's own process group), with their names. */
function descendants(root: number): { pid: number; name: string }[] {
  const parent = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      names.set(pid, stat.slice(stat.indexOf("(") + 1, close));
      parent.set(pid, Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // exited meanwhile
    }
  }
  const descends = (pid: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...names].filter(([pid]) => descends(pid)).map(([pid, name]) => ({ pid, name }));
}

/** The pids of the workerd processes descending from `root`. */
export const workerdPids = (root: number): number[] => descendants(root).filter((p) => p.name.startsWith("workerd")).map((p) => p.pid);

/** Resident memory of every workerd process under `root`, summed. */
export function workerdMemory(root: number): ProcessMemory {
  const total: ProcessMemory = { rssKb: 0, anonymousKb: 0, fileKb: 0, shmemKb: 0 };
  for (const pid of workerdPids(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0);
      const rss = field("Rss");
      const anonymous = field("Anonymous");
      const shmem = field("Pss_Shmem");
      total.rssKb += rss;
      total.anonymousKb += anonymous;
      total.shmemKb += shmem;
      total.fileKb += rss - anonymous - shmem;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat; 0 once it has exited. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) used so far by the workerd processes under `root` (wrangler's process group: the Worker's isolate, its
 * local D1 and queues, all on workerd's one thread) and by wrangler's own processes (Node, esbuild): counted by the kernel per process, so other load on the
 * machine does not inflate it as it inflates wall time.
 */
export function devCpuMs(root: number) {
  const processes = descendants(root);
  const cpu = (which: { pid: number }[]) => which.reduce((sum, { pid }) => sum + processCpuMs(pid), 0);
  return {
    workerd: cpu(processes.filter((p) => p.name.startsWith("workerd"))),
    wrangler: processCpuMs(root) + cpu(processes.filter((p) => !p.name.startsWith("workerd"))),
  };
}

function bytesUnder(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + bytesUnder(join(path, entry)), 0);
}

/** Bytes on disk of each kind of local state under a `--persist-to` folder (v3/d1, v3/observability, ...). */
export function localStateOnDisk(persist: string): { name: string; bytes: number }[] {
  const root = join(persist, "v3");
  const kinds = statSync(root, { throwIfNoEntry: false }) ? readdirSync(root) : [];
  return kinds.map((name) => ({ name, bytes: bytesUnder(join(root, name)) })).sort((a, b) => b.bytes - a.bytes);
}

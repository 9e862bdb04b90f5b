/**
 * The Worker isolate's own V8 heap, read through the inspector `wrangler dev --inspector-port` serves: the
 * process RSS mixes the isolate with the local runtime (workerd's D1, queue, caches), the heap is what a
 * deployed Worker's 128 MB limit applies to.
 */
import { createWriteStream } from "node:fs";
import WebSocket from "ws";

export interface HeapUsage {
  /** Bytes of live and not yet collected objects. */
  used: number;
  /** Bytes V8 has reserved for the heap. */
  total: number;
}

export interface IsolateInspector {
  /** null when the isolate does not answer in time (reloading, or busy past the timeout). */
  usage(): Promise<HeapUsage | null>;
  collectGarbage(): Promise<void>;
  /** Writes a heap snapshot (.heapsnapshot, loadable in Chrome DevTools) to `path`; returns its size in bytes. */
  snapshot(path: string): Promise<number>;
  /** The inspector session itself, for other domains (bench/cpu-profile.ts profiles through it). */
  connection: Connection;
  close(): void;
}

/** V8's CPU profile (the inspector's Profiler.Profile, bench/cpu-profile.ts): a call tree, and which node each sample hit. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export interface Connection {
  call(method: string, params?: object, timeoutMs?: number): Promise<any>;
  on(event: string, listener: (params: any) => void): void;
  close(): void;
}

/** An inspector session on one target's WebSocket; `poke` wakes the isolate while a command waits (see below). */
export async function open(url: string, poke: () => Promise<unknown>): Promise<Connection> {
  const ws = new WebSocket(url);
  await new Promise<void>((ok, fail) => {
    ws.once("open", () => ok());
    ws.once("error", fail);
  });
  let nextId = 1;
  const pending = new Map<number, (message: any) => void>();
  const listeners = new Map<string, (params: any) => void>();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id !== undefined) pending.get(message.id)?.(message);
    else listeners.get(message.method)?.(message.params);
  });
  ws.on("error", () => undefined); // a dropped connection shows as timeouts
  let poking: NodeJS.Timeout | undefined;
  const pokeWhilePending = () => {
    if (pending.size === 0) {
      clearInterval(poking);
      poking = undefined;
    } else poking ??= setInterval(() => void poke().catch(() => undefined), 200);
  };
  return {
    call(method, params = {}, timeoutMs = 5000) {
      const id = nextId++;
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          pokeWhilePending();
          fail(new Error(`${method}: no answer in ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, (message) => {
          clearTimeout(timer);
          pending.delete(id);
          pokeWhilePending();
          if (message.error) fail(new Error(`${method}: ${message.error.message}`));
          else ok(message.result);
        });
        ws.send(JSON.stringify({ id, method, params }));
        pokeWhilePending();
      });
    },
    on: (event, listener) => void listeners.set(event, listener),
    close: () => {
      clearInterval(poking);
      ws.close();
    },
  };
}

/**
 * Connects to the Worker's target. A freshly started workerd lets the first connection hang, so each attempt
 * must get an answer to Runtime.getHeapUsage before it counts. The isolate reads inspector commands only while
 * it runs, so while one waits for its answer `poke` (a cheap request to the Worker) is sent every 200 ms.
 */
export async function connectInspector(port: number, poke: () => Promise<unknown>, attempts = 20): Promise<IsolateInspector> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    let connection: Connection | undefined;
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
      connection = await open(targets[0]!.webSocketDebuggerUrl, poke);
      await connection.call("Runtime.getHeapUsage", {}, 3000);
      return inspector(connection);
    } catch (error) {
      lastError = error;
      connection?.close();
      await sleep(1000);
    }
  }
  throw new Error(`the Worker's inspector on port ${port} did not answer: ${String(lastError)}`);
}

function inspector(connection: Connection): IsolateInspector {
  return {
    connection,
    async usage() {
      try {
        const result = await connection.call("Runtime.getHeapUsage", {}, 10_000);
        return { used: result.usedSize, total: result.totalSize };
      } catch {
        return null;
      }
    },
    async collectGarbage() {
      await connection.call("HeapProfiler.collectGarbage", {}, 60_000);
    },
    async snapshot(path) {
      const file = createWriteStream(path);
      let bytes = 0;
      connection.on("HeapProfiler.addHeapSnapshotChunk", ({ chunk }: { chunk: string }) => {
        bytes += chunk.length;
        file.write(chunk);
      });
      await connection.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false }, 300_000);
      await new Promise((ok) => file.end(ok));
      return bytes;
    },
    close: () => connection.close(),
  };
}

export interface HeapGroup {
  name: string;
  count: number;
  bytes: number;
}

/**
 * Self size and count by constructor (objects) or by node type (strings, code, arrays...), largest first:
 * comparing two of these says what the heap kept between them.
 */
export function heapGroups(snapshotJson: string): HeapGroup[] {
  const { snapshot, nodes, strings } = JSON.parse(snapshotJson) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const groups = new Map<string, HeapGroup>();
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!]!;
    const name = type === "object" || type === "closure" ? `${type} ${strings[nodes[i + nameAt]!]}` : `(${type})`;
    const group = groups.get(name) ?? groups.set(name, { name, count: 0, bytes: 0 }).get(name)!;
    group.count++;
    group.bytes += nodes[i + sizeAt]!;
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes);
}

/** The groups that grew most from `before` to `after`. */
export function heapGrowth(before: HeapGroup[], after: HeapGroup[], top = 12): HeapGroup[] {
  const start = new Map(before.map((g) => [g.name, g]));
  return after
    .map((g) => ({ name: g.name, count: g.count - (start.get(g.name)?.count ?? 0), bytes: g.bytes - (start.get(g.name)?.bytes ?? 0) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

import { checksById } from "../analysis/checks";
import type { CheckResult, Results } from "../analysis/types";

/**
 * How a report's `results` is stored. The API's JSON is `{<check id>: {category, importance, passed, value,
 * errors?}}`; the registry already knows each check's category and importance, so a stored entry is only
 * `[passed, value]` or `[passed, value, errors]`. An entry whose check the registry does not know (renamed or
 * removed since) or whose category/importance differ from it keeps its whole object, so nothing is lost.
 *
 * A stored value is one of:
 * - a BLOB: one format byte (1 = deflate-raw), then the compressed compact JSON: what the consumer writes;
 * - TEXT: compact JSON (rows converted by the compact_results migration) or the full JSON of rows stored
 *   before it (entries as objects are read as they are).
 */
export type StoredResults = Uint8Array | ArrayBuffer | number[] | string | null;

type CompactEntry = [passed: boolean, value: unknown, errors?: Record<string, unknown>] | CheckResult;

const DEFLATE_RAW = 1;

async function pipe(bytes: Uint8Array, through: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(through);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function compactResults(results: Results): Record<string, CompactEntry> {
  const out: Record<string, CompactEntry> = {};
  for (const [id, entry] of Object.entries(results)) {
    const check = checksById.get(id);
    if (!check || check.category !== entry.category || check.importance !== entry.importance) {
      out[id] = entry;
      continue;
    }
    out[id] = entry.errors === undefined ? [entry.passed, entry.value] : [entry.passed, entry.value, entry.errors];
  }
  return out;
}

/** Back to the API's shape, keys in the order the analysis wrote them. */
export function expandResults(compact: Record<string, CompactEntry>): Results {
  const out: Results = {};
  for (const [id, entry] of Object.entries(compact)) {
    if (!Array.isArray(entry)) {
      out[id] = entry;
      continue;
    }
    const check = checksById.get(id);
    const [passed, value, errors] = entry;
    out[id] = {
      // An array entry is only written for a check the registry knew; if one disappears, it still shows.
      category: check?.category ?? "miscellaneous",
      importance: check?.importance ?? "low",
      passed,
      value,
      ...(errors === undefined ? {} : { errors }),
    };
  }
  return out;
}

export async function encodeResults(results: Results): Promise<Uint8Array> {
  const json = new TextEncoder().encode(JSON.stringify(compactResults(results)));
  const packed = await pipe(json, new CompressionStream("deflate-raw"));
  const out = new Uint8Array(packed.length + 1);
  out[0] = DEFLATE_RAW;
  out.set(packed, 1);
  return out;
}

const asBytes = (stored: Uint8Array | ArrayBuffer | number[]) =>
  stored instanceof Uint8Array ? stored : stored instanceof ArrayBuffer ? new Uint8Array(stored) : Uint8Array.from(stored);

export async function decodeResults(stored: StoredResults): Promise<Results | null> {
  if (stored === null || stored === undefined) return null;
  if (typeof stored === "string") return expandResults(JSON.parse(stored));
  // D1 hands a BLOB back as an array of numbers; node:sqlite as a Uint8Array.
  const bytes = asBytes(stored);
  if (bytes[0] !== DEFLATE_RAW) throw new Error(`Unknown results format ${bytes[0]}.`);
  const json = await pipe(bytes.subarray(1), new DecompressionStream("deflate-raw"));
  return expandResults(JSON.parse(new TextDecoder().decode(json)));
}

import { deflateRawSync, inflateRawSync } from "node:zlib";
import { checksById } from "../analysis/checks";
import type { CheckResult, Results } from "../analysis/types";
import { RESULTS_DICTIONARY_1 } from "./results-dictionary";

/**
 * How a report's `results` is stored. The API's JSON is `{<check id>: {category, importance, passed, value,
 * errors?, applicable?}}`; the registry already knows each check's category and importance, so a stored entry is
 * only `[passed, value]`, `[passed, value, errors]` or, for a check that could not apply, `[passed, value, null,
 * false]` (rows stored before that last form decode as before). An entry whose check the registry does not know (renamed or
 * removed since) or whose category/importance differ from it keeps its whole object, so nothing is lost.
 *
 * A stored value is one of:
 * - a BLOB: one format byte, then the compressed compact JSON: what the consumer writes. Format 1 is raw deflate
 *   with a preset dictionary of the shapes of every check's results (results-dictionary.ts), which halves what
 *   plain deflate leaves of a 5 KB document; node:zlib (nodejs_compat) because CompressionStream takes no dictionary;
 * - TEXT: compact JSON (rows converted by the compact_results migration) or the full JSON of rows stored
 *   before it (entries as objects are read as they are).
 */
export type StoredResults = Uint8Array | ArrayBuffer | number[] | string | null;

type CompactEntry = [passed: boolean, value: unknown, errors?: Record<string, unknown> | null, applicable?: false] | CheckResult;

const DICTIONARY_DEFLATE_1 = 1;
const dictionary1 = new TextEncoder().encode(RESULTS_DICTIONARY_1);

export function compactResults(results: Results): Record<string, CompactEntry> {
  const out: Record<string, CompactEntry> = {};
  for (const [id, entry] of Object.entries(results)) {
    const check = checksById.get(id);
    if (!check || check.category !== entry.category || check.importance !== entry.importance) {
      out[id] = entry;
      continue;
    }
    if (entry.applicable === false) out[id] = [entry.passed, entry.value, entry.errors ?? null, false];
    else out[id] = entry.errors === undefined ? [entry.passed, entry.value] : [entry.passed, entry.value, entry.errors];
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
    const [passed, value, errors, applicable] = entry;
    out[id] = {
      // An array entry is only written for a check the registry knew; if one disappears, it still shows.
      category: check?.category ?? "miscellaneous",
      importance: check?.importance ?? "low",
      passed,
      value,
      ...(errors === undefined || errors === null ? {} : { errors }),
      ...(applicable === false ? { applicable } : {}),
    };
  }
  return out;
}

export function encodeResults(results: Results): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(compactResults(results)));
  const packed = deflateRawSync(json, { level: 9, dictionary: dictionary1 });
  const out = new Uint8Array(packed.length + 1);
  out[0] = DICTIONARY_DEFLATE_1;
  out.set(packed, 1);
  return out;
}

const asBytes = (stored: Uint8Array | ArrayBuffer | number[]) =>
  stored instanceof Uint8Array ? stored : stored instanceof ArrayBuffer ? new Uint8Array(stored) : Uint8Array.from(stored);

export function decodeResults(stored: StoredResults): Results | null {
  if (stored === null || stored === undefined) return null;
  if (typeof stored === "string") return expandResults(JSON.parse(stored));
  // D1 hands a BLOB back as an array of numbers; node:sqlite as a Uint8Array.
  const bytes = asBytes(stored);
  if (bytes[0] !== DICTIONARY_DEFLATE_1) throw new Error(`Unknown results format ${bytes[0]}.`);
  const json = inflateRawSync(bytes.subarray(1), { dictionary: dictionary1 });
  return expandResults(JSON.parse(new TextDecoder().decode(json)));
}

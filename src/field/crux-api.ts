import { readBody } from "../analysis/fetch-page";
import type { FieldRecord, FormFactor } from "../analysis/types";
import { errorWords, queryBody, recordFrom, type CruxTarget } from "./crux-record";

/** Where and how the Chrome UX Report API is asked (src/config.ts "field"). */
export interface CruxApi {
  /** CRUX_API_ORIGIN: Google's by default, the tests' local server otherwise. */
  origin: string;
  /** CRUX_API_KEY: a Worker secret; it goes in the request's query string and nowhere else. */
  key: string;
  /** CRUX_TIMEOUT_MS: the whole request, answer read included. */
  timeoutMs: number;
}

/** A record is a few KB; anything past this is not a record, and is not read on. */
export const CRUX_MAX_BYTES = 256 * 1024;

export type CruxAnswer = { kind: "record"; record: FieldRecord } | { kind: "not_found" } | { kind: "error"; message: string };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * One `POST /v1/records:queryRecord?key=...` for `target` and `formFactor`, with a short deadline and a byte limit.
 * Never throws: a 404 is "no data" (CrUX's answer for a URL or origin with too few visits), every other failure is an
 * error in words that never contain the key (the answer's own wording has the key cut out, should it ever echo it).
 */
export async function queryCrux(api: CruxApi, target: CruxTarget, formFactor: FormFactor): Promise<CruxAnswer> {
  const signal = AbortSignal.timeout(api.timeoutMs);
  const scrub = (text: string) => text.split(api.key).join("[key]");
  try {
    const response = await fetch(`${api.origin}/v1/records:queryRecord?key=${encodeURIComponent(api.key)}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(queryBody(target, formFactor)),
      redirect: "manual",
      signal,
    });
    const read = await readBody(response, CRUX_MAX_BYTES, signal);
    if (!read.ok) return { kind: "error", message: read.code === "timeout" ? `no answer within ${seconds(api.timeoutMs)}` : "the connection broke" };
    if (read.truncated) return { kind: "error", message: `an answer over ${CRUX_MAX_BYTES / 1024} KB` };
    let body: unknown = null;
    try {
      body = JSON.parse(new TextDecoder().decode(read.bytes));
    } catch {
      // Not JSON: said by the status below, or an unreadable record.
    }
    if (response.status === 404) return { kind: "not_found" };
    if (!response.ok) return { kind: "error", message: scrub(errorWords(response.status, body)) };
    const record = recordFrom(body, "url" in target ? "url" : "origin", formFactor);
    return record ? { kind: "record", record } : { kind: "error", message: "an answer without a record" };
  } catch {
    return { kind: "error", message: signal.aborted ? `no answer within ${seconds(api.timeoutMs)}` : "could not connect" };
  }
}

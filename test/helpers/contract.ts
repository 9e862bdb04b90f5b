import { env } from "cloudflare:workers";
import { expect } from "vitest";

/** What a client sees of one answer: its status, headers and body. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

// Headers that differ on every answer by nature, not by contract.
const VOLATILE_HEADERS = new Set(["date"]);

const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g");

/**
 * Volatile values, each replaced by one stable placeholder: the page servers' ports, keys, secrets, delivery ids,
 * D1 bookmarks, times and measured durations. Numeric ids are kept: each test file has its own D1, so a fixed
 * scenario numbers its rows the same way every run, and a reshape that numbers them otherwise is a change to see.
 */
function placeholders(): [RegExp, string][] {
  const origins: [string, string][] = [
    [env.CRAWL_SITE, "http://crawl-site"],
    [env.PAGE_SERVER, "http://page-server"],
  ];
  const byOrigin = origins.flatMap(([origin, name]): [RegExp, string][] => [
    [literally(origin), name],
    [literally(encodeURIComponent(origin)), encodeURIComponent(name)],
    [literally(new URL(origin).host), new URL(name).host],
  ]);
  return [
    ...byOrigin,
    [/pg_[A-Za-z0-9_-]{43}/g, "pg_<key>"],
    [/whsec_[A-Za-z0-9+/=_-]{20,}/g, "whsec_<secret>"],
    [/msg_[0-9a-f]{32}/g, "msg_<id>"],
    [/^x-d1-bookmark: .*$/gm, "x-d1-bookmark: <bookmark>"],
    [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z/g, "<time>"],
    [/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/g, "<time> UTC"],
    // A day alone (the history chart's axis ticks): today's date, so a golden file written yesterday still matches.
    [/\b\d{4}-\d{2}-\d{2}\b/g, "<date>"],
    [/("\w+_ms":\s*)\d+/g, "$1<ms>"],
    [/\b(\w+ ms )\d+/g, "$1<ms>"],
  ];
}

/**
 * Ids of a shard's range (`idOffset` + 1 up to the next shard's) told as the one database's: the same scenario run
 * for accounts on shard k numbers its rows k * 2^40 + 1, + 2 ... where the golden files say 1, 2 ...
 */
function withoutIdOffset(text: string, idOffset: number): string {
  if (idOffset === 0) return text;
  return text.replace(/\b\d{13,16}\b/g, (digits) => {
    const id = Number(digits);
    return id > idOffset && id - idOffset < 2 ** 40 ? String(id - idOffset) : digits;
  });
}

/** The one normaliser: every volatile value of a text replaced by its placeholder; `nonce` is this answer's. */
export function normalise(text: string, nonce?: string, idOffset = 0): string {
  const named = withoutIdOffset(nonce ? text.replace(literally(nonce), "<nonce>") : text, idOffset);
  return placeholders().reduce((out, [pattern, stable]) => out.replace(pattern, stable), named);
}

/** A JSON text indented for a readable diff, once the bytes served are known to be exactly its compact form. */
function indentJson(text: string, what: string) {
  const parsed = JSON.parse(text);
  expect(text, `${what}: the served JSON is its compact form`).toBe(JSON.stringify(parsed));
  return JSON.stringify(parsed, null, 2);
}

/**
 * A body as readable lines, with a note of how it was laid out so that two different bodies never read the same:
 * JSON indented (and each `data:` line of an event stream), one-line HTML broken between tags.
 */
function layOut(body: string, type: string, what: string): string {
  if (body === "") return body;
  if (type.includes("json")) return `(json, indented)\n${indentJson(body, what)}`;
  if (type.includes("event-stream")) {
    const lines = body.split("\n").map((line) => (line.startsWith("data: ") ? `data: ${indentJson(line.slice(6), what)}` : line));
    return `(event stream, data indented)\n${lines.join("\n")}`;
  }
  if (type.includes("html") && !body.includes(">\n<")) return `(html, a line break added between tags)\n${body.replaceAll("><", ">\n<")}`;
  return body;
}

/** An answer as a golden text: request line, status, headers (sorted), then the body. */
export function describeAnswer(request: string, answer: Answer, idOffset = 0): string {
  const headers = [...answer.headers]
    .filter(([name]) => !VOLATILE_HEADERS.has(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort();
  const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
  const body = layOut(answer.text, answer.headers.get("content-type") ?? "", request);
  return normalise([request, String(answer.status), ...headers, "", body, ""].join("\n"), nonce, idOffset);
}

/** Where the golden files are, from the test file's folder, and the ids' shard offset (see withoutIdOffset). */
export interface Golden {
  dir?: string;
  idOffset?: number;
  /** Answers that differ by design from the one database's, each with its own golden file in `dir/variant/`. */
  variant?: { name: string; answers: string[] };
}

/**
 * Compares an answer with its golden file under test/fixtures/contract/: written when missing, rewritten by
 * `vitest run -u`, and otherwise a changed byte fails with vitest's line diff. Soft, so one run shows every change.
 */
export async function expectContract(name: string, request: string, answer: Answer, golden: Golden = {}) {
  const { dir = "../fixtures/contract", idOffset = 0, variant } = golden;
  const file = variant?.answers.includes(name) ? `${dir}/${variant.name}/${name}.txt` : `${dir}/${name}.txt`;
  await expect.soft(describeAnswer(request, answer, idOffset)).toMatchFileSnapshot(file);
}

import type { BodyLease } from "./body-budget";
import { headersFor, type OriginCredentials } from "./credentials";
import type { FetchFacts } from "./types";
import { checkTargetUrl, type UrlCheck } from "./url-guard";

export const DEFAULT_USER_AGENT = "PagegradeBot/1.0 (+https://github.com/pagegrade)";
export const MAX_REDIRECTS = 10;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetchOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  maxBytes: number;
  userAgent?: string;
  /**
   * Test-only: this one origin passes the host/IP/port rules while every other URL, redirect targets
   * included, is checked as in production. The tests' page server lives on 127.0.0.1, which
   * allowPrivateTargets: false would refuse, and allowPrivateTargets: true would let any redirect through.
   */
  trustedOrigin?: string;
  /**
   * The first deadline: a page whose response headers (after every redirect) have not arrived by then fails at once
   * with `first_deadline` (temporary), so a queue can give it the full `timeoutMs` elsewhere (docs/operations.md).
   */
  firstDeadlineMs?: number;
  /** The page's share of a byte budget (body-budget.ts): the body counts against it as it streams in. */
  bodyLease?: BodyLease;
  /** A login's header lines, sent only on requests to their origin (docs/security.md, "Pages behind a login"). */
  credentials?: OriginCredentials;
  /** Told how the final response answered, 429/503 included: a crawl paces itself by it (src/crawls/crawl-pace.ts). */
  onAnswer?: (answer: ServerAnswer) => void;
}

/** How a server answered a page request: its status, time to first byte, and Retry-After as sent. */
export interface ServerAnswer {
  status: number;
  ttfbMs: number;
  retryAfter: string | null;
}

export type FetchFailure = { ok: false; code: string; message: string; temporary: boolean };
export type FetchOutcome = { ok: true; facts: FetchFacts } | FetchFailure;

const failure = (code: string, message: string, temporary = false): FetchFailure => ({ ok: false, code, message, temporary });

export type Guard = (url: string) => UrlCheck;

export function targetGuard(options: Pick<FetchOptions, "allowPrivateTargets" | "trustedOrigin">): Guard {
  return (input) => {
    const relaxed = options.trustedOrigin !== undefined && URL.canParse(input) && new URL(input).origin === options.trustedOrigin;
    return checkTargetUrl(input, { allowPrivateTargets: options.allowPrivateTargets || relaxed });
  };
}

/** The only headers we send: nothing of the client's request, no cookies, no credentials (those are added per hop). */
export const requestHeaders = (accept: string, userAgent = DEFAULT_USER_AGENT): Record<string, string> => ({
  accept,
  "accept-encoding": "gzip, br",
  "user-agent": userAgent,
});

export interface Hop {
  guard: Guard;
  headers: Record<string, string>;
  /** Added to `headers` on each request to their origin only: never across a redirect to another. */
  credentials?: OriginCredentials;
  /** One deadline for the whole fetch: every hop and the body read share it. */
  signal: AbortSignal;
  /** GET unless said otherwise: a link check asks with HEAD first (check-link.ts). */
  method?: "GET" | "HEAD";
}

type Followed = { ok: true; response: Response; url: URL; redirects: FetchFacts["redirects"] } | FetchFailure;

/** GETs (or HEADs) `start`, following at most MAX_REDIRECTS redirects itself so each target is checked first. */
export async function followRedirects(start: URL, hop: Hop): Promise<Followed> {
  const redirects: FetchFacts["redirects"] = [];
  const seen = new Set([start.href]);
  let url = start;
  for (;;) {
    let response: Response;
    try {
      response = await fetch(url.href, { method: hop.method ?? "GET", headers: headersFor(url, hop.headers, hop.credentials), redirect: "manual", signal: hop.signal });
    } catch (error) {
      return networkFailure(error, hop.signal);
    }
    const location = response.headers.get("location");
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return { ok: true, response, url, redirects };
    await discard(response);
    redirects.push({ url: url.href, status: response.status, location });
    if (!URL.canParse(location, url)) return failure("invalid_url", `The page redirected to an invalid URL (${location}).`);
    const check = hop.guard(new URL(location, url).href);
    if (!check.ok) return failure("blocked_url", `The redirect target was blocked: ${check.message}`);
    if (seen.has(check.url.href)) return failure("redirect_loop", `The page redirects in a loop (back to ${check.url.href}).`);
    if (redirects.length > MAX_REDIRECTS) return failure("too_many_redirects", `The page redirects more than ${MAX_REDIRECTS} times.`);
    seen.add(check.url.href);
    url = check.url;
  }
}

export const discard = (response: Response) => response.body?.cancel().catch(() => undefined);

function networkFailure(error: unknown, signal: AbortSignal): FetchFailure {
  if (signal.aborted) return failure("timeout", "The page did not answer in time.", true);
  const text = describeError(error);
  // Workers reports DNS failures like any other connection error; when the text tells them apart, a
  // name that does not resolve is permanent, unlike a refused or dropped connection.
  if (/ENOTFOUND|EAI_NONAME|getaddrinfo|DNS|could not resolve|name not resolved/i.test(text)) {
    return failure("dns_error", "The host name could not be resolved.");
  }
  return failure("connection_failed", "Could not connect to the page's server.", true);
}

const describeError = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return [error.message, cause?.code, cause?.message].filter((part) => typeof part === "string").join(" ");
};

/** A promise that rejects when `signal` aborts (never otherwise), to race a wait against the deadline. */
function abortOf(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}

type Body = { ok: true; bytes: Uint8Array; truncated: boolean } | FetchFailure;

/** Reads at most `maxBytes`, cancelling the stream past that (`truncated`) or when the deadline passes. */
export async function readBody(response: Response, maxBytes: number, signal: AbortSignal, waitForBudget?: BudgetWait): Promise<Body> {
  if (!response.body) return { ok: true, bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  // The fetch signal does not reliably interrupt a pending read, so each read races the deadline.
  const deadline = abortOf(signal);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const read = reader.read();
      read.catch(() => undefined); // after a timeout nobody awaits it, but it still settles
      const { done, value } = await Promise.race([read, deadline]);
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      // The bytes are in memory now; before reading on, the page waits until they fit the budget.
      const wait = waitForBudget?.(value.byteLength);
      if (wait) await wait;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: true, bytes: concat(chunks, maxBytes), truncated: true };
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (signal.aborted) return failure("timeout", "The page did not finish loading in time.", true);
    return failure("connection_failed", `The connection broke while reading the page (${describeError(error)}).`, true);
  }
  return { ok: true, bytes: concat(chunks, size), truncated: false };
}

/** Waits for the byte budget, the page's deadline paused meanwhile: a wait for memory is not the site's slowness. */
type BudgetWait = (bytes: number, kind?: "take" | "reserve") => Promise<void> | null;

function budgetWait(lease: BodyLease | undefined, deadline: Deadline): BudgetWait | undefined {
  if (!lease) return undefined;
  return (bytes, kind = "take") => {
    const wait = kind === "take" ? lease.take(bytes) : lease.reserve(bytes);
    if (!wait) return null;
    deadline.pause();
    return wait.finally(() => deadline.resume());
  };
}

/**
 * A body that names its length takes its whole share of the budget before the first byte is read: pages that wait
 * for the budget then hold nothing, and the budget holds exactly (a compressed body may still take more as it grows).
 */
async function reserveDeclaredLength(response: Response, maxBytes: number, wait: BudgetWait | undefined) {
  const declared = Number(response.headers.get("content-length"));
  if (wait && Number.isSafeInteger(declared) && declared > 0) await wait(Math.min(declared, maxBytes + 1), "reserve");
}

/** The whole fetch's deadline, which can pause while the page waits for the byte budget. */
interface Deadline {
  signal: AbortSignal;
  pause(): void;
  resume(): void;
  /** The fetch is over: no timer is left behind. */
  clear(): void;
  /** How long it was paused, which the page's load time leaves out. */
  pausedMs(): number;
}

function startDeadline(ms: number): Deadline {
  const controller = new AbortController();
  const fire = () => controller.abort(new DOMException("The page did not answer in time.", "TimeoutError"));
  let remaining = ms;
  let startedAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(fire, ms);
  let paused = 0;
  let pausedAt = 0;
  return {
    signal: controller.signal,
    pause() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      pausedAt = Date.now();
      remaining -= pausedAt - startedAt;
    },
    resume() {
      if (timer !== undefined || controller.signal.aborted) return;
      startedAt = Date.now();
      paused += startedAt - pausedAt;
      timer = setTimeout(fire, Math.max(0, remaining));
    },
    clear: () => clearTimeout(timer),
    pausedMs: () => paused,
  };
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    const part = chunk.subarray(0, length - offset);
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** Lower-cased names; a repeated header (set-cookie comes one by one) joined with ", ". */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = name in record ? `${record[name]}, ${value}` : value;
  });
  return record;
}

const mimeType = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** The charset the header names, else a <meta charset> near the top, else UTF-8 (the web's default). */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown label: try the next source.
    }
  }
  return new TextDecoder("utf-8").decode(bytes);
}

export const FIRST_DEADLINE = "first_deadline";

/**
 * Runs the requests up to the final response's headers under the first deadline as well as the whole one. The timer
 * is cleared once the headers are in: the body read (which the request's signal would also abort) has the whole one.
 */
async function withFirstDeadline(ms: number | undefined, signal: AbortSignal, run: (signal: AbortSignal) => Promise<Followed>): Promise<Followed> {
  if (ms === undefined) return run(signal);
  const first = new AbortController();
  const timer = setTimeout(() => first.abort(), ms);
  try {
    const followed = await run(AbortSignal.any([signal, first.signal]));
    if (!followed.ok && first.signal.aborted && !signal.aborted) {
      return failure(FIRST_DEADLINE, `The page did not answer within ${ms} ms.`, true);
    }
    return followed;
  } finally {
    clearTimeout(timer);
  }
}

/** Fetches an HTML page under the SSRF rules and limits of docs/security.md; failures are values, never throws. */
export async function fetchPage(input: string, options: FetchOptions): Promise<FetchOutcome> {
  const guard = targetGuard(options);
  const start = guard(input);
  if (!start.ok) return failure(start.code, start.message);
  const deadline = startDeadline(options.timeoutMs);
  try {
    return await fetchWithin(start.url, guard, deadline, options);
  } finally {
    deadline.clear();
  }
}

async function fetchWithin(start: URL, guard: Guard, deadline: Deadline, options: FetchOptions): Promise<FetchOutcome> {
  const { signal } = deadline;
  const startedAt = Date.now();
  const headers = requestHeaders("text/html,application/xhtml+xml;q=0.9,*/*;q=0.1", options.userAgent);
  const followed = await withFirstDeadline(options.firstDeadlineMs, signal, (hopSignal) =>
    followRedirects(start, { guard, headers, signal: hopSignal, credentials: options.credentials }),
  );
  if (!followed.ok) return followed;
  const { response, url, redirects } = followed;
  // Both times count from the first request, redirects included: that is what a visitor waits.
  const ttfbMs = Date.now() - startedAt;
  options.onAnswer?.({ status: response.status, ttfbMs, retryAfter: response.headers.get("retry-after") });

  if (response.status === 429 || response.status === 503) {
    await discard(response);
    return failure("target_unavailable", `The page's server is unavailable right now (HTTP ${response.status}).`, true);
  }
  const contentType = response.headers.get("content-type");
  if (!HTML_TYPES.has(mimeType(contentType))) {
    await discard(response);
    return failure("not_html", `The page is not HTML (content type ${contentType ?? "missing"}).`);
  }
  const wait = budgetWait(options.bodyLease, deadline);
  await reserveDeclaredLength(response, options.maxBytes, wait);
  const body = await readBody(response, options.maxBytes, signal, wait);
  if (!body.ok) return body;
  if (body.truncated) return failure("too_large", `The page is larger than ${options.maxBytes} bytes.`);

  return {
    ok: true,
    facts: {
      requestedUrl: start.href,
      finalUrl: url.href,
      redirects,
      status: response.status,
      headers: headerRecord(response.headers),
      ttfbMs,
      totalMs: Date.now() - startedAt - deadline.pausedMs(),
      bytes: body.bytes.byteLength,
      truncated: false,
      contentEncoding: response.headers.get("content-encoding"),
      html: decodeHtml(body.bytes, contentType),
    },
  };
}

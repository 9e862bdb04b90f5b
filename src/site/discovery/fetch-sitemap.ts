import type { OriginCredentials } from "../../analysis/credentials";
import { discard, followRedirects, requestHeaders, type Guard } from "../../analysis/fetch-page";
import type { ParseStop } from "./sitemap-parse";

export interface SitemapFetchOptions {
  guard: Guard;
  timeoutMs: number;
  /** Uncompressed bytes read at most; past them the file is cut (`sitemap_too_large`). */
  maxBytes: number;
  userAgent?: string;
  /** The crawl's login: sent only to sitemaps on its origin (a sitemap of another port or scheme goes without). */
  credentials?: OriginCredentials;
  /** Ends every fetch early (the caller's own deadline), on top of `timeoutMs` per file. */
  signal?: AbortSignal;
}

/** Receives the file's text as it streams; returning a stop cancels the rest of the download. */
export interface TextSink {
  write(text: string): ParseStop | null;
  end(): ParseStop | null;
}

export type SitemapFetchResult = { error: ParseStop | null };

const ACCEPT = "application/xml,text/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5";
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * GETs one sitemap through the guard and redirect checks of page audits and streams its text to the
 * sink made for its final URL: gzip (a `.gz` file or a gzip body, told by its magic bytes, whatever the
 * name or type) is inflated on the way, at most `maxBytes` of text are read, and one deadline covers every
 * hop and the whole body. Never throws: failures come back as `error`.
 */
export async function fetchSitemap(start: URL, options: SitemapFetchOptions, sinkFor: (url: URL) => TextSink): Promise<SitemapFetchResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers = requestHeaders(ACCEPT, options.userAgent);
  const followed = await followRedirects(start, { guard: options.guard, headers, signal, credentials: options.credentials });
  // The shared fetch layer words its failures for pages.
  if (!followed.ok) return { error: { code: followed.code, message: followed.message.replace(/^The page\b/, "The sitemap") } };
  const { response, url } = followed;
  if (response.status < 200 || response.status > 299) {
    await discard(response);
    return { error: { code: "sitemap_http_error", message: `The sitemap answered HTTP ${response.status}.` } };
  }
  if (!response.body) return { error: sinkFor(url).end() };

  const raw = response.body.getReader();
  let reader: ReadableStreamDefaultReader<Uint8Array> = raw;
  let gzip = false;
  try {
    const first = await beforeDeadline(raw.read(), signal);
    if (first.done) return { error: sinkFor(url).end() };
    gzip = isGzip(first.value);
    reader = gzip ? inflate(first.value, raw).getReader() : prepend(first.value, raw).getReader();
    return { error: await streamText(reader, options.maxBytes, signal, sinkFor(url)) };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (signal.aborted) return { error: { code: "timeout", message: "The sitemap did not finish loading in time." } };
    if (gzip && error instanceof TypeError) return { error: { code: "sitemap_invalid", message: "The sitemap's gzip data is corrupt." } };
    return { error: { code: "connection_failed", message: "The connection broke while reading the sitemap." } };
  }
}

async function streamText(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number, signal: AbortSignal, sink: TextSink) {
  const decoder = new TextDecoder("utf-8");
  let size = 0;
  for (;;) {
    const { done, value } = await beforeDeadline(reader.read(), signal);
    if (done) break;
    const room = maxBytes - size;
    size += value.byteLength;
    const stopped = sink.write(decoder.decode(room < value.byteLength ? value.subarray(0, room) : value, { stream: true }));
    if (stopped || size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return stopped ?? { code: "sitemap_too_large", message: `The sitemap is larger than ${maxBytes} bytes: only its first ${maxBytes} bytes were read.` };
    }
  }
  return sink.write(decoder.decode()) ?? sink.end();
}

/** The fetch signal does not reliably interrupt a pending read, so each read races the deadline. */
function beforeDeadline<T>(read: Promise<T>, signal: AbortSignal): Promise<T> {
  read.catch(() => undefined); // after a timeout nobody awaits it, but it still settles
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    read.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The body again, its already-read first chunk in front. */
function prepend(first: Uint8Array, rest: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let pending: Uint8Array | null = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending) {
        controller.enqueue(pending);
        pending = null;
        return;
      }
      const { done, value } = await rest.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => rest.cancel(reason),
  });
}

const inflate = (first: Uint8Array, rest: ReadableStreamDefaultReader<Uint8Array>) =>
  // The DOM typings give its writable side BufferSource, which pipeThrough cannot match against Uint8Array.
  prepend(first, rest).pipeThrough(new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);

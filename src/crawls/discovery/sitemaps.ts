// Minimal version of the interface the "sitemaps" helper builds (streaming parser, gzip, indexes);
// the lead keeps theirs at merge. This one reads whole files with bounded size and a regex over <loc>.
import { followRedirects, readBody, requestHeaders, targetGuard } from "../../analysis/fetch-page";
import { normalizeCrawlUrl } from "./normalize-url";

export interface SitemapReadOptions {
  allowPrivateTargets: boolean;
  trustedOrigin?: string;
  timeoutMs: number;
  userAgent?: string;
  limit: number;
  /** same-host filter: hostname, either scheme */
  host: string;
  maxBytes?: number;
}

export interface SitemapDiscovery {
  urls: string[];
  found: number;
  skipped: number;
  truncated: boolean;
  sitemaps: { url: string; ok: boolean; urls: number; error?: { code: string; message: string } }[];
}

const MAX_DEPTH = 3;
const MAX_CHILDREN = 50;

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return named[e.toLowerCase()] ?? "";
  });

async function gunzip(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const stream = new Response(bytes as Uint8Array<ArrayBuffer>).body!.pipeThrough(new DecompressionStream("gzip"));
  const out = await readBody(new Response(stream), maxBytes, AbortSignal.timeout(10_000));
  if (!out.ok) throw new Error(out.message);
  return out.bytes;
}

async function fetchSitemap(url: string, options: SitemapReadOptions) {
  const guard = targetGuard(options);
  const start = guard(url);
  if (!start.ok) return { ok: false as const, code: start.code, message: start.message };
  const signal = AbortSignal.timeout(options.timeoutMs);
  const followed = await followRedirects(start.url, { guard, signal, headers: requestHeaders("application/xml,text/xml,text/plain;q=0.9,*/*;q=0.1", options.userAgent) });
  if (!followed.ok) return followed;
  const { response } = followed;
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    return { ok: false as const, code: "sitemap_http_error", message: `The sitemap answered HTTP ${response.status}.` };
  }
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
  const body = await readBody(response, maxBytes, signal);
  if (!body.ok) return body;
  let bytes = body.bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await gunzip(bytes, maxBytes);
    } catch {
      return { ok: false as const, code: "sitemap_invalid", message: "The sitemap is not valid gzip." };
    }
  }
  return { ok: true as const, text: new TextDecoder().decode(bytes), contentType: response.headers.get("content-type") ?? "" };
}

/** Reads these sitemaps (indexes followed to depth 3, 50 children, loops ignored, gzip, text sitemaps). Never throws. */
export async function readSitemaps(sitemapUrls: string[], options: SitemapReadOptions): Promise<SitemapDiscovery> {
  const result: SitemapDiscovery = { urls: [], found: 0, skipped: 0, truncated: false, sitemaps: [] };
  const seenUrls = new Set<string>();
  const visited = new Set<string>();
  let children = 0;
  const visit = async (url: string, depth: number): Promise<void> => {
    if (visited.has(url) || depth > MAX_DEPTH) return;
    visited.add(url);
    const got = await fetchSitemap(url, options).catch((error: unknown) => ({ ok: false as const, code: "sitemap_failed", message: String(error) }));
    if (!got.ok) {
      result.sitemaps.push({ url, ok: false, urls: 0, error: { code: got.code, message: got.message } });
      return;
    }
    const text = got.text.trimStart();
    const isXml = text.startsWith("<");
    if (isXml && !/<(urlset|sitemapindex)[\s>]/i.test(text)) {
      result.sitemaps.push({ url, ok: false, urls: 0, error: { code: "sitemap_invalid", message: "The file is not a sitemap (no urlset or sitemapindex)." } });
      return;
    }
    // A text sitemap holds one absolute URL a line; anything else in it is not a URL.
    const locs = isXml
      ? [...text.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/gi)].map((m) => decodeEntities(m[1]!))
      : text.split(/\r?\n/).map((l) => l.trim()).filter((l) => /^https?:\/\/[^\s]+$/i.test(l));
    if (isXml && /<sitemapindex[\s>]/i.test(text)) {
      result.sitemaps.push({ url, ok: true, urls: 0 });
      for (const loc of locs) {
        const child = normalizeCrawlUrl(loc, url);
        if (!child || children >= MAX_CHILDREN) continue;
        children += 1;
        await visit(child, depth + 1);
      }
      return;
    }
    let count = 0;
    for (const loc of locs) {
      const normal = normalizeCrawlUrl(loc, url);
      if (!normal) continue;
      if (new URL(normal).hostname !== options.host) {
        result.skipped += 1;
        continue;
      }
      if (seenUrls.has(normal)) continue;
      seenUrls.add(normal);
      count += 1;
      result.found += 1;
      if (result.urls.length < options.limit) result.urls.push(normal);
    }
    result.sitemaps.push({ url, ok: true, urls: count });
  };
  for (const url of sitemapUrls) await visit(url, 1);
  result.truncated = result.found > options.limit;
  return result;
}

/** `Sitemap:` lines of a robots.txt body, absolute URLs. */
export function sitemapsFromRobots(robotsBody: string | null): string[] {
  if (!robotsBody) return [];
  const out: string[] = [];
  for (const line of robotsBody.split(/\r?\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    const url = match ? normalizeCrawlUrl(match[1]!) : null;
    if (url) out.push(url);
  }
  return out;
}

/** Whether a URL names a sitemap by its path (.xml, .xml.gz, .txt). */
export const looksLikeSitemap = (url: URL): boolean => /\.(xml|xml\.gz|txt)$/i.test(url.pathname);

import type { OriginCredentials } from "../../analysis/credentials";
import { targetGuard, type Guard } from "../../analysis/fetch-page";
import { parseRobots } from "../../analysis/robots";
import { fetchSitemap, type SitemapFetchOptions } from "./fetch-sitemap";
import { normalizeCrawlUrl, normalizedUrl } from "./normalize-url";
import { pause } from "./pause";
import { createSitemapParser, type ParseStop } from "./sitemap-parse";
import { refuseSitemap, sameHostGuard } from "./sitemap-guard";
import { newTally, tallyUrl, type UrlTally } from "./url-tally";

export interface SitemapReadOptions {
  allowPrivateTargets: boolean;
  trustedOrigin?: string;
  timeoutMs: number;
  userAgent?: string;
  /** The crawl's login, for the sitemaps on its origin only. */
  credentials?: OriginCredentials;
  limit: number;
  /** same-host filter: hostname, either scheme */
  host: string;
  maxBytes?: number /* uncompressed per file, default 50 MB */;
  /** Optional: ends the whole discovery early (each file still has its own `timeoutMs`). */
  signal?: AbortSignal;
  /** Optional politeness: at least this long between the starts of two sitemap fetches (default 0). */
  intervalMs?: number;
}

export interface SitemapEntry {
  url: string;
  ok: boolean;
  /** Same-host page URLs this file listed (repeats included). */
  urls: number;
  error?: { code: string; message: string };
}

export interface SitemapDiscovery {
  urls: string[]; // normalised, deduplicated, same host, the first `limit` in document order
  found: number; // same-host URLs seen in total (may exceed limit)
  skipped: number; // URLs of other hosts
  truncated: boolean; // found > limit
  sitemaps: SitemapEntry[];
  /** Child sitemaps not read because the 50 were already taken. */
  skippedSitemaps: number;
}

export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** Child sitemaps read in all, over every index of one discovery. */
export const MAX_CHILD_SITEMAPS = 50;

interface Discovery {
  host: string;
  /** The URL guard of page audits: private addresses and odd ports refused unless allowed. */
  guard: Guard;
  fetch: SitemapFetchOptions;
  tally: UrlTally;
  skipped: number;
  sitemaps: SitemapEntry[];
  /** Every sitemap URL tried, so an index listing itself or an ancestor is not read again. */
  seen: Set<string>;
  loopsRecorded: Set<string>;
  children: number;
  skippedSitemaps: number;
  intervalMs: number;
  lastFetchAt: number | null;
}

/** Reads these sitemaps (indexes followed to depth 3, 50 children, loops ignored, gzip, text sitemaps). Never throws. */
export async function readSitemaps(sitemapUrls: string[], options: SitemapReadOptions): Promise<SitemapDiscovery> {
  const host = options.host.toLowerCase();
  const guard = targetGuard(options);
  const run: Discovery = {
    host,
    guard,
    fetch: {
      guard: sameHostGuard(guard, host),
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes ?? MAX_SITEMAP_BYTES,
      userAgent: options.userAgent,
      credentials: options.credentials,
      signal: options.signal,
    },
    tally: newTally(options.limit),
    skipped: 0,
    sitemaps: [],
    seen: new Set(),
    loopsRecorded: new Set(),
    children: 0,
    skippedSitemaps: 0,
    intervalMs: options.intervalMs ?? 0,
    lastFetchAt: null,
  };
  for (const url of sitemapUrls) {
    const normalised = normalizeCrawlUrl(url);
    // The same sitemap named twice (robots.txt and /sitemap.xml) is read once, silently.
    if (normalised && run.seen.has(normalised)) continue;
    await readSitemap(url, 1, run);
  }
  return {
    urls: [...run.tally.kept],
    found: run.tally.found,
    skipped: run.skipped,
    truncated: run.tally.found > run.tally.limit,
    sitemaps: run.sitemaps,
    skippedSitemaps: run.skippedSitemaps,
  };
}

const failed = (url: string, code: string, message: string): SitemapEntry => ({ url, ok: false, urls: 0, error: { code, message } });

/** Reads one file, then the children it lists, depth first so URLs keep the order of the documents. */
async function readSitemap(raw: string, depth: number, run: Discovery): Promise<void> {
  const url = normalizeCrawlUrl(raw);
  if (!url) {
    run.sitemaps.push(failed(raw, "invalid_url", "The sitemap URL is not a valid http(s) URL."));
    return;
  }
  const refusal = run.seen.has(url)
    ? { code: "sitemap_loop", message: "This sitemap was already read: an index lists it again (a loop)." }
    : refuseSitemap(url, depth, run.guard, run.host);
  if (refusal) {
    run.sitemaps.push(failed(url, refusal.code, refusal.message));
    return;
  }
  run.seen.add(url);
  const entry: SitemapEntry = { url, ok: true, urls: 0 };
  run.sitemaps.push(entry);
  const children = { listed: new Set<string>(), more: 0 };
  try {
    run.lastFetchAt = await pause(run.lastFetchAt, run.intervalMs, run.fetch.signal);
    const { error } = await fetchSitemap(new URL(url), run.fetch, (finalUrl) =>
      createSitemapParser({
        page: (loc) => {
          const page = normalizedUrl(loc, finalUrl);
          if (!page) return;
          if (page.hostname !== run.host) run.skipped++;
          else {
            entry.urls++;
            tallyUrl(run.tally, page.href);
          }
        },
        child: (loc) => {
          const child = normalizeCrawlUrl(loc, finalUrl);
          if (!child) return;
          // Only as many as could ever be read are kept; the rest are counted.
          if (children.listed.size < MAX_CHILD_SITEMAPS) children.listed.add(child);
          else if (!children.listed.has(child)) children.more++;
        },
      }),
    );
    if (error) Object.assign(entry, { ok: false, error });
  } catch (error) {
    Object.assign(entry, { ok: false, error: { code: "internal_error", message: `Reading the sitemap failed: ${String(error)}` } });
  }
  await readChildren(entry, children, depth, run);
}

async function readChildren(index: SitemapEntry, children: { listed: Set<string>; more: number }, depth: number, run: Discovery) {
  let skipped = children.more;
  for (const child of children.listed) {
    if (run.seen.has(child)) {
      // Recorded once per sitemap, however many indexes point back at it.
      if (run.loopsRecorded.has(child)) continue;
      run.loopsRecorded.add(child);
    } else if (run.children >= MAX_CHILD_SITEMAPS) {
      skipped++;
      continue;
    } else {
      run.children++;
    }
    await readSitemap(child, depth + 1, run);
  }
  if (skipped > 0) {
    run.skippedSitemaps += skipped;
    index.error ??= {
      code: "sitemap_too_many_children",
      message: `At most ${MAX_CHILD_SITEMAPS} child sitemaps are read in all; ${skipped} listed here were not read.`,
    };
  }
}

/** `Sitemap:` lines of a robots.txt body, absolute URLs. */
export function sitemapsFromRobots(robotsBody: string | null): string[] {
  if (!robotsBody) return [];
  const urls = parseRobots(robotsBody).sitemaps.map((value) => normalizeCrawlUrl(value));
  return [...new Set(urls.filter((url): url is string => url !== null))];
}

/** How much of a URL's answer is read to tell a sitemap by its content: its root element comes first. */
const SNIFF_BYTES = 64 * 1024;
const SNIFFED: ParseStop = { code: "sniffed", message: "The root element is known." };

/**
 * Whether a URL that does not name a sitemap by its path answers one: XML whose root is `urlset`, `sitemapindex`,
 * `rss` or `feed` (a feed at `/feed/` or `/feeds/posts/default`, a sitemap at `/sitemap`). Reads through the same
 * guard, redirect checks and deadline as a sitemap, and stops at the root element (a page stops at `<html>`).
 */
export async function answersAsSitemap(url: string, options: Omit<SitemapReadOptions, "limit">): Promise<boolean> {
  const guard = targetGuard(options);
  const host = options.host.toLowerCase();
  if (refuseSitemap(url, 1, guard, host)) return false;
  let xml = false;
  const fetch = { guard: sameHostGuard(guard, host), timeoutMs: options.timeoutMs, maxBytes: SNIFF_BYTES, userAgent: options.userAgent, credentials: options.credentials, signal: options.signal };
  await fetchSitemap(new URL(url), fetch, () => {
    const parser = createSitemapParser({ page: () => undefined, child: () => undefined });
    const known = (stopped: ParseStop | null) => {
      const kind = parser.kind();
      xml = !stopped && kind !== null && kind !== "text";
      return stopped ?? (kind === null ? null : SNIFFED);
    };
    return { write: (text) => known(parser.write(text)), end: () => known(parser.end()) };
  });
  return xml;
}

/** Whether a URL names a sitemap by its path (.xml, .xml.gz, .txt). */
export function looksLikeSitemap(url: URL): boolean {
  return /\.(xml|xml\.gz|txt)$/i.test(url.pathname);
}

import { fetchLlmsTxt, fetchRobots, notFoundProbeUrl, probeStatus } from "../../analysis/site-facts";
import type { AnalysisOptions } from "../../analysis/settings";
import { probeLlmsLinks, type CrawlSiteFacts } from "./llms-links";
import { normalizeCrawlUrl } from "./normalize-url";
import { crawlDelaySeconds, robotsPolicy } from "./robots-rules";
import { answersAsSitemap, looksLikeSitemap, readSitemaps, sitemapsFromRobots, type SitemapDiscovery } from "./sitemaps";
import { followsLinks, type CrawlSource } from "../terms";

/** What discovery reads of a crawl: a stored one's fields, or the command line's (which has no row). */
export interface DiscoveryInput {
  url: string;
  source: CrawlSource;
  /** The pause between requests to the site, before robots.txt's Crawl-delay. */
  intervalMs: number;
  limit: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A URL to audit, as discovery found it, with the robots.txt verdict on it. */
export interface Seed {
  url: string;
  /** Clicks from the nearest seed: 0 for every seed (the sitemaps' URLs and link discovery's start). */
  depth: number;
  inSitemap: boolean;
  /** Link discovery starts here: the start URL of a crawl that follows links. */
  linked: boolean;
  blocked: boolean;
}

/** What discovery found: the URLs to audit and what the crawl keeps of how, or why there is nothing to audit. */
export type Discovered =
  | {
      ok: true;
      seeds: Seed[];
      site: CrawlSiteFacts;
      /** The crawl's interval, raised to robots.txt's Crawl-delay. */
      intervalMs: number;
      /** robots.txt's Crawl-delay in ms (0 when none): a crawl with one fetches one page at a time. */
      crawlDelayMs: number;
      discoveredBy: "sitemap" | "links";
      found: number;
      skipped: number;
      truncated: boolean;
    }
  | { ok: false; code: string; message: string; skipped: number };

/** Which sitemaps to read: `url` itself if it is one, else robots.txt's `Sitemap:` lines, else /sitemap.xml. */
function sitemapsToRead(crawl: DiscoveryInput, robotsBody: string | null, startIsSitemap: boolean): string[] {
  const url = new URL(crawl.url);
  if (startIsSitemap) return [crawl.url];
  const named = sitemapsFromRobots(robotsBody);
  return named.length > 0 ? named : [`${url.origin}/sitemap.xml`];
}

/**
 * Link discovery's start, after the sitemaps' URLs: `url` itself when it is a page (not a sitemap file) no sitemap
 * listed, while the limit leaves room (`leftOut` when it does not).
 */
function linkStart(crawl: DiscoveryInput, listed: string[], startIsSitemap: boolean): { seeds: Omit<Seed, "blocked">[]; leftOut: boolean } {
  const url = normalizeCrawlUrl(crawl.url);
  if (!followsLinks(crawl.source) || !url || startIsSitemap || listed.includes(url)) return { seeds: [], leftOut: false };
  if (listed.length >= crawl.limit) return { seeds: [], leftOut: true };
  return { seeds: [{ url, depth: 0, inSitemap: false, linked: true }], leftOut: false };
}

/** Why a sitemap-only crawl has nothing to audit: the sitemap's own fetch error if it failed, else nothing_to_crawl. */
function nothingToCrawl(discovery: SitemapDiscovery | null) {
  const failed = discovery?.sitemaps.find((s) => !s.ok && s.error);
  if (failed?.error && discovery!.sitemaps.every((s) => !s.ok)) {
    return { code: failed.error.code, message: `The sitemap ${failed.url} could not be read: ${failed.error.message}` };
  }
  return { code: "nothing_to_crawl", message: "Discovery found no URL of the site to audit." };
}

/**
 * Discovery of a crawl (docs/crawls.md), reading the site and writing nothing: robots.txt, the not-found probe and llms.txt once,
 * then the sitemaps' URLs and (unless the source is `sitemap`) the start URL, each with its robots verdict, then the URLs
 * llms.txt lists that no page will cover. Links of the audited pages are followed as they are audited.
 */
export async function discoverUrls(crawl: DiscoveryInput, analysis: AnalysisOptions): Promise<Discovered> {
  const origin = new URL(crawl.url).origin;
  // Spaced like page fetches: discovery is the crawl's first requests to the site.
  const robots = await fetchRobots(`${origin}/robots.txt`, analysis);
  const crawlDelayMs = crawlDelaySeconds(robots.body) * 1000;
  const intervalMs = Math.max(crawl.intervalMs, crawlDelayMs);
  await sleep(intervalMs);
  const notFoundStatus = await probeStatus(notFoundProbeUrl(origin), analysis);
  await sleep(intervalMs);
  const llms = await fetchLlmsTxt(`${origin}/llms.txt`, analysis);
  await sleep(intervalMs);

  let discovery: SitemapDiscovery | null = null;
  let listed: string[] = [];
  let startIsSitemap = looksLikeSitemap(new URL(crawl.url));
  if (crawl.source !== "links") {
    const reading = {
      allowPrivateTargets: analysis.allowPrivateTargets,
      // A sitemap may be 50 MB (docs/crawls.md), not the 5 MB of a page, and reading one that size takes ~30 s.
      timeoutMs: analysis.timeoutMs * 2,
      intervalMs,
      credentials: analysis.credentials,
      host: new URL(crawl.url).hostname,
    };
    // A sitemap or feed whose URL does not say so (`/feed/`, `/sitemap`) is told by its content: its root element.
    // A site's home page is never one: crawls of `/` spend no request on asking.
    if (!startIsSitemap && new URL(crawl.url).pathname !== "/") {
      startIsSitemap = await answersAsSitemap(crawl.url, reading);
      await sleep(intervalMs);
    }
    discovery = await readSitemaps(sitemapsToRead(crawl, robots.body, startIsSitemap), { ...reading, limit: crawl.limit });
    listed = discovery.urls;
  }
  const bySitemap = listed.length > 0;
  const start = linkStart(crawl, listed, startIsSitemap);
  const seeds = [...listed.map((url) => ({ url, depth: 0, inSitemap: true, linked: false })), ...start.seeds];
  if (seeds.length === 0) return { ok: false, ...nothingToCrawl(discovery), skipped: discovery?.skipped ?? 0 };

  const allowed = robotsPolicy(robots);
  const seeded = new Set(seeds.map((seed) => seed.url));
  const llmsLinks = await probeLlmsLinks(llms, (url) => seeded.has(url) || !allowed(url), analysis, intervalMs, sleep);
  return {
    ok: true,
    seeds: seeds.map((seed) => ({ ...seed, blocked: !allowed(seed.url) })),
    site: { robots, notFoundStatus, llms, llmsLinks },
    intervalMs,
    crawlDelayMs,
    discoveredBy: bySitemap ? "sitemap" : "links",
    found: (bySitemap ? discovery!.found : 0) + start.seeds.length + (start.leftOut ? 1 : 0),
    skipped: discovery?.skipped ?? 0,
    truncated: (discovery?.truncated ?? false) || start.leftOut,
  };
}

import { eq, sql } from "drizzle-orm";
import { config } from "../config";
import { fetchRobots, notFoundProbeUrl, probeStatus } from "../analysis/site-facts";
import type { SiteFacts } from "../analysis/types";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../env";
import { rawBatch } from "../db/raw-batch";
import { normalizeCrawlUrl } from "./discovery/normalize-url";
import { crawlDelaySeconds, robotsPolicy } from "./discovery/robots-rules";
import { looksLikeSitemap, readSitemaps, sitemapsFromRobots, type SitemapDiscovery } from "./discovery/sitemaps";
import { failCrawl, finalizeCrawl } from "./finalize-crawl";
import { materializePages } from "./materialize-pages";
import { queuePages } from "./queue-pages";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seed {
  url: string;
  depth: number;
  inSitemap: boolean;
}

/** Which sitemaps to read: `url` itself if it names one, else robots.txt's `Sitemap:` lines, else /sitemap.xml. */
function sitemapsToRead(crawl: Crawl, robotsBody: string | null): string[] {
  const url = new URL(crawl.url);
  if (looksLikeSitemap(url)) return [crawl.url];
  const named = sitemapsFromRobots(robotsBody);
  return named.length > 0 ? named : [`${url.origin}/sitemap.xml`];
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
 * Discovery of a crawl (sites.md): robots.txt and the not-found probe once, then sitemaps or the start URL,
 * the pages inserted with their robots verdict, their reports made, their analyses queued spaced in time.
 */
export async function discoverCrawl(env: Env, db: Db, crawlId: number): Promise<void> {
  const crawl = await db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  if (!crawl || crawl.status !== "discovering") return;
  const analysis = config(env).analysis;
  const origin = new URL(crawl.url).origin;

  // Spaced like page fetches: discovery is the crawl's first requests to the site.
  const robots = await fetchRobots(`${origin}/robots.txt`, analysis);
  const intervalMs = Math.max(crawl.intervalMs, crawlDelaySeconds(robots.body) * 1000);
  await sleep(intervalMs);
  const site: SiteFacts = { robots, notFoundStatus: await probeStatus(notFoundProbeUrl(origin), analysis) };
  await sleep(intervalMs);

  let discovery: SitemapDiscovery | null = null;
  let seeds: Seed[] = [];
  if (crawl.source !== "links") {
    discovery = await readSitemaps(sitemapsToRead(crawl, robots.body), {
      allowPrivateTargets: analysis.allowPrivateTargets,
      // A sitemap may be 50 MB (sites.md), not the 5 MB of a page, and reading one that size takes ~30 s.
      timeoutMs: analysis.timeoutMs * 2,
      intervalMs,
      limit: crawl.limit,
      host: new URL(crawl.url).hostname,
    });
    seeds = discovery.urls.map((url) => ({ url, depth: 0, inSitemap: true }));
  }
  const bySitemap = seeds.length > 0;
  const linksAllowed = crawl.source === "links" || (crawl.source === "auto" && !looksLikeSitemap(new URL(crawl.url)));
  if (!bySitemap && linksAllowed) seeds = [{ url: normalizeCrawlUrl(crawl.url)!, depth: 0, inSitemap: false }];
  if (seeds.length === 0) {
    const error = nothingToCrawl(discovery);
    await failCrawl(db, crawl.id, error.code, error.message, { skipped: discovery?.skipped ?? 0 });
    return;
  }

  const allowed = robotsPolicy(robots);
  const rows = seeds.map((s) => ({ u: s.url, d: s.depth, s: s.inSitemap ? 1 : 0, b: allowed(s.url) ? "pending" : "blocked" }));
  const now = Date.now();
  await rawBatch(db, [
    sql`
      INSERT OR IGNORE INTO ${crawlPages} (crawl_id, url, depth, in_sitemap, state)
      SELECT ${crawl.id}, json_extract(value, '$.u'), json_extract(value, '$.d'), json_extract(value, '$.s'), json_extract(value, '$.b')
      FROM json_each(${JSON.stringify(rows)})`,
    db
      .update(crawls)
      .set({
        status: "running",
        discoveredBy: bySitemap ? "sitemap" : "links",
        found: bySitemap ? discovery!.found : seeds.length,
        skipped: discovery?.skipped ?? 0,
        truncated: discovery?.truncated ?? false,
        siteFacts: site,
        intervalMs,
        nextSlotAt: now + intervalMs,
        startedAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
      })
      .where(sql`${crawls.id} = ${crawl.id} AND ${crawls.status} = 'discovering'`),
  ]);
  const started = await db.select().from(crawls).where(eq(crawls.id, crawl.id)).get();
  // Cancelled while discovering: nothing is queued.
  if (started?.status !== "running") return;
  const pages = await materializePages(db, started);
  await queuePages(env, db, started, pages);
  if (pages.length === 0) await finalizeCrawl(env, db, crawl.id);
}

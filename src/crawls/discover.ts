import { eq, sql } from "drizzle-orm";
import { config } from "../config";
import { runBatch } from "../db/batch";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { discoverUrls, type Discovered } from "../site/discovery/discover-urls";
import { failCrawl, finalizeCrawl } from "./finalize-crawl";
import { materializePages } from "./materialize-pages";
import { unsealCredentials } from "../reports/sealed-auth";
import { queuePages } from "./queue-pages";

/** A crawl's discovery job: the URLs found (discovery/discover-urls.ts), then written and queued by startCrawl. */
export async function discoverCrawl(env: Env, db: Db, crawlId: number): Promise<void> {
  const crawl = await db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  if (!crawl || crawl.status !== "discovering") return;
  const credentials = await unsealCredentials(env, crawl.accountId, crawl.authSecret);
  if (credentials && "ok" in credentials) {
    await failCrawl(db, crawl.id, credentials.code, credentials.message, { skipped: 0 });
    return;
  }
  // robots.txt, the 404 probe and the sitemaps of the crawl's origin are read with its login, as its pages are.
  const analysis = config(env).analysis;
  const discovered = await discoverUrls(crawl, credentials ? { ...analysis, credentials } : analysis);
  if (!discovered.ok) {
    await failCrawl(db, crawl.id, discovered.code, discovered.message, { skipped: discovered.skipped });
    return;
  }
  await startCrawl(env, db, crawl, discovered);
}

/**
 * Writes what discovery found: the pages inserted with their robots verdict and the crawl running, in one batch
 * (only while it is still discovering); then the pages' reports made and their analyses queued spaced in time.
 */
async function startCrawl(env: Env, db: Db, crawl: Crawl, discovered: Extract<Discovered, { ok: true }>) {
  const rows = discovered.seeds.map((s) => ({ u: s.url, d: s.depth, s: s.inSitemap ? 1 : 0, b: s.blocked ? "blocked" : "pending" }));
  const now = Date.now();
  await runBatch(db, [
    sql`
      INSERT OR IGNORE INTO ${crawlPages} (crawl_id, url, depth, in_sitemap, state)
      SELECT ${crawl.id}, json_extract(value, '$.u'), json_extract(value, '$.d'), json_extract(value, '$.s'), json_extract(value, '$.b')
      FROM json_each(${JSON.stringify(rows)})`,
    db
      .update(crawls)
      .set({
        status: "running",
        discoveredBy: discovered.discoveredBy,
        found: discovered.found,
        skipped: discovered.skipped,
        truncated: discovered.truncated,
        siteFacts: discovered.site,
        intervalMs: discovered.intervalMs,
        nextSlotAt: now + discovered.intervalMs,
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

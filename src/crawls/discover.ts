import { eq } from "drizzle-orm";
import type { FieldFacts } from "../analysis/types";
import { runBatch } from "../db/batch";
import { originFieldData } from "../field/field-data";
import { crawls, type Crawl } from "../db/schema";
import { discoverUrls, type Discovered } from "../site/discovery/discover-urls";
import type { CrawlDeps } from "./crawl-deps";
import { failCrawl, markRunning } from "./crawl-lifecycle";
import { insertSeeds } from "./crawl-pages";
import type { NextCrawlJob } from "./crawl-job";
import { claimFinalizing } from "./finalize-crawl";
import { materializePages } from "./materialize-pages";
import { unsealCredentials } from "../targets/sealed-auth";
import { queuePages } from "./queue-pages";

/** A crawl's discovery job: the URLs found (discovery/discover-urls.ts), then written and queued by startCrawl. */
export async function discoverCrawl(deps: CrawlDeps, crawlId: number): Promise<NextCrawlJob> {
  const crawl = await deps.db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  if (!crawl || crawl.status !== "discovering") return null;
  const credentials = await unsealCredentials(deps.settings, crawl.accountId, crawl.authSecret);
  if (credentials && "ok" in credentials) {
    await failCrawl(deps.db, crawl.id, credentials, { skipped: 0 });
    return null;
  }
  // robots.txt, the 404 probe and the sitemaps of the crawl's origin are read with its login, as its pages are.
  const analysis = deps.settings.analysis;
  // The origin's field data is asked once, beside discovery (a crawl's pages are measured as mobile: PHONE).
  const [discovered, field] = await Promise.all([
    discoverUrls(crawl, credentials ? { ...analysis, credentials } : analysis),
    originFieldData(deps.fieldDb ?? deps.db, deps.settings.field, crawl.url, "mobile"),
  ]);
  if (!discovered.ok) {
    await failCrawl(deps.db, crawl.id, discovered, { skipped: discovered.skipped });
    return null;
  }
  return startCrawl(deps, crawl, { ...discovered, field });
}

/**
 * Writes what discovery found: the pages inserted with their robots verdict and the crawl running, in one batch
 * (only while it is still discovering); then the pages' reports made and their analyses queued spaced in time.
 */
async function startCrawl(deps: CrawlDeps, crawl: Crawl, discovered: Extract<Discovered, { ok: true }> & { field: FieldFacts }): Promise<NextCrawlJob> {
  const { db } = deps;
  // Pages written, given their reports and queued SITE_CHECK_BATCH at a time: a 100,000-page crawl never holds every
  // page's row, report and message at once (the isolate's heap stays bounded), and no statement carries more than a
  // chunk's JSON (D1 caps a bound value at 2 MB).
  const chunk = deps.settings.crawl.siteCheckBatch;
  const inserts = [];
  for (let i = 0; i < discovered.seeds.length; i += chunk) inserts.push(insertSeeds(crawl.id, discovered.seeds.slice(i, i + chunk)));
  await runBatch(db, [...inserts, markRunning(db, crawl.id, discovered)]);
  const started = await db.select().from(crawls).where(eq(crawls.id, crawl.id)).get();
  // Cancelled while discovering: nothing is queued.
  if (started?.status !== "running") return null;
  let queued = 0;
  for (;;) {
    const pages = await materializePages(db, started, chunk);
    await queuePages(db, started, pages, deps.queues.analysis);
    queued += pages.length;
    if (pages.length < chunk) break;
  }
  // Nothing to fetch (every page blocked): the crawl is finalised at once.
  return queued === 0 ? claimFinalizing(deps, crawl.id) : null;
}

import type { Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { emitEvent } from "../webhooks/emit-event";
import { summaryOf, type CompareSummary } from "../site/issues/compare";
import { compareCrawls, defaultBaseline } from "./compare-crawls";
import { storeCompareSummary } from "./crawl-lifecycle";
import { pageCounts } from "./find-crawl";
import { noPages, toCrawlResource } from "./serialize";

/** Webhook payloads stay under 20 KB (docs/monitoring.md); the checks' examples go first when a crawl's would not. */
const MAX_DATA_CHARS = 18_000;

/**
 * The crawl resource as `crawl.completed` carries it: counts, not pages; `page_url` only with PUBLIC_ORIGIN; the
 * compare summary with the crawl before it (null without one): a few hundred bytes whatever the crawl's size.
 */
export function crawlEventData(crawl: Crawl, counts: typeof noPages, origin: string | null, compare: CompareSummary | null = null): Record<string, unknown> {
  const resource = { ...toCrawlResource(crawl, counts, origin ?? ""), page_url: origin ? `${origin}/crawls/${crawl.id}` : null, compare };
  if (JSON.stringify(resource).length <= MAX_DATA_CHARS || !resource.site_checks) return resource;
  const siteChecks = Object.fromEntries(
    Object.entries(resource.site_checks as Record<string, Record<string, unknown>>).map(([id, check]) =>
      id === "changes" ? [id, check] : [id, { ...check, examples: [] }],
    ),
  );
  return { ...resource, site_checks: siteChecks };
}

/**
 * `crawl.completed`, once: only the consumer whose conditional update completed the crawl calls this. The compare
 * it carries is stored on the crawl too, for the crawl page.
 */
export async function notifyCrawlCompleted(db: Db, webhookQueue: Queue, crawl: Crawl, publicOrigin: string | null): Promise<void> {
  const counts = (await pageCounts(db, [crawl.id])).get(crawl.id) ?? noPages;
  const before = await defaultBaseline(db, crawl);
  const compare = before ? summaryOf(await compareCrawls(db, crawl, before)) : null;
  if (compare) await storeCompareSummary(db, crawl.id, compare);
  await emitEvent(db, webhookQueue, crawl.accountId, "crawl.completed", crawlEventData(crawl, counts, publicOrigin, compare), {
    eventKey: `crawl:${crawl.id}`,
  });
}

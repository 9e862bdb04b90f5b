import type { BrowserWorker } from "@cloudflare/puppeteer";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Queues } from "../queues";
import { requireRendering } from "../render/availability";
import { accountCrawlRateCap, crawlFromInput, refusal } from "./create-crawl";
import { insertCrawl } from "./crawl-lifecycle";
import { enqueueDiscovery } from "./enqueue-discovery";
import type { StoreCrawlInput } from "./schemas";

/** What starting a crawl needs beyond the database, resolved at the edge: settings, the crawl queue, the browser. */
export interface CrawlWriteDeps {
  settings: Pick<Config, "allowPrivateTargets" | "webhookEncryptionKey" | "crawl">;
  queues: Pick<Queues, "crawl">;
  /** Null when rendering is off (no binding, or RENDERING false): `render=1` is then refused. */
  browser: BrowserWorker | null;
}

/**
 * Starts a crawl as POST /api/v1/crawls and the MCP's start_crawl both do: render=1 refused where nothing renders,
 * the input checked (`rate` within the account's cap), the row inserted within the account's limits (409/429 otherwise), discovery queued.
 */
export async function storeCrawl(db: Db, accountId: number, body: StoreCrawlInput, deps: CrawlWriteDeps) {
  requireRendering(deps.browser, body.render);
  const input = await crawlFromInput(deps.settings, accountId, body, await accountCrawlRateCap(db, accountId, deps.settings.crawl.maxRate));
  const crawl = await insertCrawl(db, accountId, input, deps.settings.crawl);
  if (typeof crawl === "string") return refusal(crawl, deps.settings.crawl);
  await enqueueDiscovery(db, deps.queues, crawl.id);
  return crawl;
}

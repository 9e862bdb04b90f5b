import { config } from "../config";
import type { Db } from "../db/client";
import { browserBinding, requireRendering } from "../render/availability";
import { crawlFromInput, insertCrawl, refusal } from "./create-crawl";
import { enqueueDiscovery } from "./enqueue-discovery";
import type { StoreCrawlInput } from "./schemas";

/**
 * Starts a crawl as POST /api/v1/crawls and the MCP's start_crawl both do: render=1 refused where nothing renders,
 * the input checked, the row inserted within the account's limits (409/429 otherwise), discovery queued.
 */
export async function storeCrawl(db: Db, env: Env, accountId: number, body: StoreCrawlInput) {
  requireRendering(browserBinding(env), body.render);
  const input = await crawlFromInput(env, accountId, body);
  const settings = config(env).crawl;
  const crawl = await insertCrawl(db, accountId, input, settings);
  if (typeof crawl === "string") return refusal(crawl, settings);
  await enqueueDiscovery(db, env.CRAWL_QUEUE, crawl.id);
  return crawl;
}

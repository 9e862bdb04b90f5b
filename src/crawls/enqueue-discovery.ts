import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import type { Queues } from "../queues";
import { sendCrawlJob } from "./crawl-job";
import { crawlFailures, failCrawl } from "./crawl-lifecycle";

/** Queues the crawl's discovery; if the queue refuses, the crawl fails rather than waiting forever. */
export async function enqueueDiscovery(db: Db, queues: Pick<Queues, "crawl">, crawlId: number, { throwOnFailure = true } = {}): Promise<void> {
  if (await sendCrawlJob(queues, { kind: "discover", crawlId })) return;
  await failCrawl(db, crawlId, crawlFailures.enqueueFailed);
  if (throwOnFailure) throw new ApiError(503, "The crawl queue is unavailable. Please try again shortly.", undefined, { "Retry-After": "30" });
}

import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { crawlFailures, failCrawl } from "./crawl-lifecycle";

export interface DiscoverJob {
  kind: "discover";
  crawlId: number;
}

/** Queues the crawl's discovery; if the queue refuses, the crawl fails rather than waiting forever. */
export async function enqueueDiscovery(db: Db, queue: Queue, crawlId: number, { throwOnFailure = true } = {}): Promise<void> {
  try {
    await queue.send({ kind: "discover", crawlId } satisfies DiscoverJob, { contentType: "json" });
  } catch (error) {
    console.error("crawl enqueue failed", error);
    await failCrawl(db, crawlId, crawlFailures.enqueueFailed);
    if (throwOnFailure) throw new ApiError(503, "The crawl queue is unavailable. Please try again shortly.", undefined, { "Retry-After": "30" });
  }
}

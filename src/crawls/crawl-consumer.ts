import { z } from "zod";
import { config } from "../config";
import { createDb } from "../db/client";
import type { CrawlDeps } from "./crawl-deps";
import { crawlFailures, failCrawl } from "./crawl-lifecycle";
import { discoverCrawl } from "./discover";

const discoverJob = z.object({ kind: z.literal("discover"), crawlId: z.number().int().positive() });

/**
 * Consumer of the crawl queue: discovery jobs. The entry point of its invocation: the settings and the database are
 * made here once and handed down. A crash retries; the last attempt fails the crawl instead.
 */
export async function handleCrawlQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps: CrawlDeps = { db: createDb(env.DB), settings: config(env), analysisQueue: env.ANALYSIS_QUEUE, webhookQueue: env.WEBHOOK_QUEUE };
  for (const message of batch.messages) {
    const parsed = discoverJob.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed crawl message", message.id);
      message.ack();
      continue;
    }
    try {
      await discoverCrawl(deps, parsed.data.crawlId);
      message.ack();
    } catch (error) {
      console.error("crawl discovery crashed", parsed.data, error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await failCrawl(deps.db, parsed.data.crawlId, crawlFailures.discoveryFailed);
        message.ack();
      } else {
        message.retry({ delaySeconds: 2 ** message.attempts });
      }
    }
  }
}

/** max_retries + 1 of the crawl queue's consumer in wrangler.toml. */
const MAX_ATTEMPTS = 4;

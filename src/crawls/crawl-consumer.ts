import { z } from "zod";
import { createDb } from "../db/client";
import { discoverCrawl } from "./discover";
import { failCrawl } from "./finalize-crawl";

const discoverJob = z.object({ kind: z.literal("discover"), crawlId: z.number().int().positive() });

/** Consumer of the crawl queue: discovery jobs. A crash retries; the last attempt fails the crawl instead. */
export async function handleCrawlQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    const parsed = discoverJob.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed crawl message", message.id);
      message.ack();
      continue;
    }
    try {
      await discoverCrawl(env, db, parsed.data.crawlId);
      message.ack();
    } catch (error) {
      console.error("crawl discovery crashed", parsed.data, error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await failCrawl(db, parsed.data.crawlId, "discovery_failed", "Discovery failed repeatedly. Start the crawl again.");
        message.ack();
      } else {
        message.retry({ delaySeconds: 2 ** message.attempts });
      }
    }
  }
}

/** max_retries + 1 of the crawl queue's consumer in wrangler.toml. */
const MAX_ATTEMPTS = 4;

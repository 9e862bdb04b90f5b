import { config } from "../config";
import { createDb } from "../db/client";
import { fieldDatabase } from "../field/field-data";
import { queuesOf, retryDelaySeconds } from "../queues";
import type { CrawlDeps } from "./crawl-deps";
import { crawlJobSchema } from "./crawl-job";
import { crawlSteps, runCrawlJob } from "./crawl-steps";

/**
 * Consumer of the crawl queue (src/crawls/crawl-job.ts): discovery, the link plan, link-check steps and site checks.
 * The entry point of its invocation: the settings, the database and the queues are made here once and handed down.
 * A crash retries after the lanes' delay; the last attempt gives up as its job says.
 */
export async function handleCrawlQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps: CrawlDeps = { db: createDb(env.DB), settings: config(env), queues: queuesOf(env), fieldDb: fieldDatabase(env) };
  for (const message of batch.messages) {
    const parsed = crawlJobSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed crawl message", message.id);
      message.ack();
      continue;
    }
    const job = parsed.data;
    try {
      await runCrawlJob(deps, job);
      message.ack();
    } catch (error) {
      console.error("crawl job crashed", job, error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await crawlSteps[job.kind].giveUp(deps, job.crawlId);
        message.ack();
      } else {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts, deps.settings.retryDelaySeconds) });
      }
    }
  }
}

/** max_retries + 1 of the crawl queue's consumer in wrangler.toml. */
const MAX_ATTEMPTS = 4;

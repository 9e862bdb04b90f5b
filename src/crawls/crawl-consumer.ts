import { z } from "zod";
import { config } from "../config";
import { createDb } from "../db/client";
import { checkLinksStep } from "./check-links-step";
import type { CrawlDeps } from "./crawl-deps";
import { crawlFailures, failCrawl } from "./crawl-lifecycle";
import { discoverCrawl } from "./discover";
import { planLinksStep, siteChecksStep } from "./finalize-crawl";

const crawlId = z.number().int().positive();
const crawlJob = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("discover"), crawlId }),
  z.object({ kind: z.literal("check_links"), crawlId }),
  z.object({ kind: z.literal("plan_links"), crawlId }),
  z.object({ kind: z.literal("site_checks"), crawlId }),
]);
type CrawlJob = z.output<typeof crawlJob>;

/** What each job does, and what its last failed attempt does instead: discovery fails the crawl, the finalising steps complete it with what they have. */
const jobs: Record<CrawlJob["kind"], { run(deps: CrawlDeps, crawlId: number): Promise<void>; giveUp(deps: CrawlDeps, crawlId: number): Promise<void> }> = {
  discover: { run: discoverCrawl, giveUp: (deps, id) => failCrawl(deps.db, id, crawlFailures.discoveryFailed) },
  check_links: { run: checkLinksStep, giveUp: siteChecksStep },
  plan_links: { run: planLinksStep, giveUp: siteChecksStep },
  site_checks: { run: siteChecksStep, giveUp: siteChecksStep },
};

/**
 * Consumer of the crawl queue: discovery jobs, link-check steps and site checks. The entry point of its invocation: the settings
 * and the database are made here once and handed down. A crash retries; the last attempt gives up as its job says.
 */
export async function handleCrawlQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps: CrawlDeps = {
    db: createDb(env.DB),
    settings: config(env),
    analysisQueue: env.ANALYSIS_QUEUE,
    webhookQueue: env.WEBHOOK_QUEUE,
    crawlQueue: env.CRAWL_QUEUE,
  };
  for (const message of batch.messages) {
    const parsed = crawlJob.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed crawl message", message.id);
      message.ack();
      continue;
    }
    const job = jobs[parsed.data.kind];
    try {
      await job.run(deps, parsed.data.crawlId);
      message.ack();
    } catch (error) {
      console.error("crawl job crashed", parsed.data, error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await job.giveUp(deps, parsed.data.crawlId);
        message.ack();
      } else {
        message.retry({ delaySeconds: 2 ** message.attempts });
      }
    }
  }
}

/** max_retries + 1 of the crawl queue's consumer in wrangler.toml. */
const MAX_ATTEMPTS = 4;

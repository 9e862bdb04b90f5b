import { z } from "zod";
import type { Queues } from "../queues";

/*
 * The crawl queue's one job contract: every message on it is a CrawlJob, parsed by its consumer (crawl-consumer.ts),
 * sent only through sendCrawlJob. A crawl's pages are jobs of the analysis queue (`crawl_page`,
 * src/reports/analysis-job.ts), not of this one.
 */

const crawlId = z.number().int().positive();

export const crawlJobSchema = z.discriminatedUnion("kind", [
  /** Read robots.txt and the sitemaps, write the pages, queue their analyses (discover.ts). */
  z.object({ kind: z.literal("discover"), crawlId }),
  /** The last page settled: plan the link targets to ask (finalize-crawl.ts). */
  z.object({ kind: z.literal("plan_links"), crawlId }),
  /** One step of the link checks (check-links-step.ts). */
  z.object({ kind: z.literal("check_links"), crawlId }),
  /** The site checks, the score, `completed` (finalize-crawl.ts). */
  z.object({ kind: z.literal("site_checks"), crawlId }),
]);

export type CrawlJob = z.output<typeof crawlJobSchema>;
export type CrawlJobKind = CrawlJob["kind"];

/** What a crawl step leaves to do: the job that follows (after `delaySeconds`), or nothing. */
export type NextCrawlJob = { job: CrawlJob; delaySeconds?: number } | null;

/** Queues a crawl job; false when the queue refused it (the caller decides what happens then). */
export async function sendCrawlJob(queues: Pick<Queues, "crawl">, job: CrawlJob, { delaySeconds = 0 } = {}): Promise<boolean> {
  try {
    await queues.crawl.send(job satisfies CrawlJob, { contentType: "json", delaySeconds });
    return true;
  } catch (error) {
    console.error("crawl job enqueue failed", job, error);
    return false;
  }
}

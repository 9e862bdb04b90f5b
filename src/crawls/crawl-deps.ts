import type { Config } from "../config";
import type { Db } from "../db/client";

/**
 * What a crawl's work is handed by its entry point (the crawl queue's consumer, the analysis consumer, the cron),
 * built there once per invocation: the database, the settings, the queues its steps, its pages' analyses and its webhook go to.
 */
export interface CrawlDeps {
  db: Db;
  settings: Config;
  analysisQueue: Queue;
  /** Where `crawl.completed` is announced. */
  webhookQueue: Queue;
  /** Where the crawl's own steps go: its discovery, its link checks (src/crawls/link-checks.ts). */
  crawlQueue: Queue;
}

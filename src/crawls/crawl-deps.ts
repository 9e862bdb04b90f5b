import type { Config } from "../config";
import type { Db } from "../db/client";

/**
 * What a crawl's work is handed by its entry point (the crawl queue's consumer, the analysis consumer, the cron),
 * built there once per invocation: the database, the settings, the queue its pages' analyses go to.
 */
export interface CrawlDeps {
  db: Db;
  settings: Config;
  analysisQueue: Queue;
  /** Only for what still takes the Worker's env: emitEvent (the crawl's webhook) and unsealCredentials (its login). */
  env: Env;
}

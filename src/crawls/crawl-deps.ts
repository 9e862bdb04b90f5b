import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Queues } from "../queues";

/**
 * What a crawl's work is handed by its entry point (the crawl queue's consumer, the analysis consumer, the cron),
 * built there once per invocation: the database, the settings, the queues (its steps, its pages' analyses, its webhook).
 */
export interface CrawlDeps {
  db: Db;
  settings: Config;
  queues: Queues;
  /** Where the CrUX answers and pace are kept (src/field/field-data.ts `fieldDatabase`); `db` when not given. */
  fieldDb?: Db;
}

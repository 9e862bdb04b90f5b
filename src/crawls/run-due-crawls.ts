import { lte } from "drizzle-orm";
import type { CrawlSettings } from "../config";
import { crawls } from "../db/schema";
import type { Db } from "../db/client";
import type { Queues } from "../queues";
import { claimDueRun, insertCrawl, postponeRun } from "./crawl-lifecycle";
import { enqueueDiscovery } from "./enqueue-discovery";

const RETRY_LATER_MS = 60 * 60 * 1000;
const MAX_PER_TICK = 20;

/**
 * Scheduled crawls (`schedule` daily/weekly): each finished run whose next run is due starts a new crawl with
 * `previous_id`. The due mark is claimed with a conditional UPDATE so two ticks never start the same run; a run
 * refused by the one-crawl-per-project or active-crawl limits is tried again an hour later.
 */
export async function runDueCrawls(db: Db, settings: CrawlSettings, queues: Pick<Queues, "crawl">, now = Date.now()): Promise<number> {
  const due = await db
    .select({ id: crawls.id })
    .from(crawls)
    .where(lte(crawls.nextRunAt, new Date(now).toISOString()))
    .limit(MAX_PER_TICK);
  let started = 0;
  for (const { id } of due) {
    const previous = await claimDueRun(db, id);
    if (!previous) continue;
    const next = await insertCrawl(db, previous.accountId, { ...previous, previousId: previous.id }, settings);
    if (typeof next === "string") {
      await postponeRun(db, id, new Date(now + RETRY_LATER_MS).toISOString());
      continue;
    }
    await enqueueDiscovery(db, queues, next.id, { throwOnFailure: false });
    started += 1;
  }
  return started;
}

import type { Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { enqueueAnalyses } from "../reports/enqueue-analysis";
import { failures } from "../targets/failures";
import { reserveQueueSpan } from "./crawl-lifecycle";
import { failRefused } from "./crawl-pages";
import { rateCeiling } from "./crawl-pace";
import type { QueuedPage } from "./materialize-pages";

const MAX_DELAY_SECONDS = 86_400;

/** The gap between two messages: at `rate` fetches at once, each slot's interval is shared by `rate` pages. */
const messageGapMs = (crawl: Crawl) => crawl.intervalMs / rateCeiling(crawl);

/** Reserves `count` gaps after what is already queued: returns their start. */
async function reserveSlots(db: Db, crawl: Crawl, count: number, now: number): Promise<number> {
  const span = Math.ceil(count * messageGapMs(crawl));
  return ((await reserveQueueSpan(db, crawl.id, span, now)) ?? now + span) - span;
}

/**
 * Sends the pages' analyses spaced by the crawl's interval / rate after those already queued, with delaySeconds. The
 * delays only spread the load: the consumer claims each fetch slot itself. Pages whose message the queue refused
 * fail with their reports, so the crawl still finishes.
 */
export async function queuePages(db: Db, crawl: Crawl, pages: QueuedPage[], analysisQueue: Queue, now = Date.now()) {
  if (pages.length === 0) return;
  const startAt = await reserveSlots(db, crawl, pages.length, now);
  const messages = pages.map((page, i) => ({
    job: { kind: "crawl_page" as const, reportId: page.reportId, generation: page.generation, crawlId: crawl.id, crawlPageId: page.id },
    delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.floor((startAt - now + i * messageGapMs(crawl)) / 1000))),
  }));
  const settledAt = new Date().toISOString();
  await enqueueAnalyses(db, analysisQueue, messages, {
    failure: failures.enqueueFailed,
    alsoOnRefusal: (refused) => [
      failRefused(db, refused.flatMap((job) => (job.kind === "crawl_page" ? [job.crawlPageId] : [])), settledAt),
    ],
  });
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { enqueueAnalyses } from "../reports/enqueue-analysis";
import { failures } from "../reports/failures";
import type { QueuedPage } from "./materialize-pages";

const MAX_DELAY_SECONDS = 86_400;

/** Reserves `count` intervals after what is already queued (one UPDATE ... RETURNING): returns their start. */
async function reserveSlots(db: Db, crawl: Crawl, count: number, now: number): Promise<number> {
  const span = count * crawl.intervalMs;
  const [row] = await db
    .update(crawls)
    .set({ queuedUntil: sql`max(${crawls.queuedUntil}, ${crawls.nextSlotAt}, ${now}) + ${span}` })
    .where(eq(crawls.id, crawl.id))
    .returning({ until: crawls.queuedUntil });
  return (row?.until ?? now + span) - span;
}

/**
 * Sends the pages' analyses spaced by the crawl's interval after those already queued, with delaySeconds. The
 * delays only spread the load: the consumer claims each fetch slot itself. Pages whose message the queue refused
 * fail with their reports, so the crawl still finishes.
 */
export async function queuePages(env: Env, db: Db, crawl: Crawl, pages: QueuedPage[], now = Date.now()) {
  if (pages.length === 0) return;
  const startAt = await reserveSlots(db, crawl, pages.length, now);
  const messages = pages.map((page, i) => ({
    job: { reportId: page.reportId, generation: page.generation, crawlId: crawl.id, crawlPageId: page.id },
    delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.floor((startAt - now + i * crawl.intervalMs) / 1000))),
  }));
  const settledAt = new Date().toISOString();
  await enqueueAnalyses(db, env.ANALYSIS_QUEUE, messages, {
    failure: failures.enqueueFailed,
    alsoOnRefusal: (refused) => [
      db
        .update(crawlPages)
        .set({ state: "failed", settledAt })
        .where(and(inArray(crawlPages.id, refused.map((job) => job.crawlPageId!)), eq(crawlPages.state, "pending"))),
    ],
  });
}

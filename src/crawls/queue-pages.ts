import { and, eq, inArray, sql } from "drizzle-orm";
import { crawlPages, crawls, reports, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import type { AnalysisJob } from "../env";
import type { QueuedPage } from "./materialize-pages";

const MAX_SEND_BATCH = 100;
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
 * Sends the pages' analyses spaced by the crawl's interval after those already queued, with delaySeconds, in
 * sendBatch calls of at most 100. The delays only spread the load: the consumer claims each fetch slot itself.
 */
export async function queuePages(env: Env, db: Db, crawl: Crawl, pages: QueuedPage[], now = Date.now()) {
  if (pages.length === 0) return;
  const startAt = await reserveSlots(db, crawl, pages.length, now);
  for (let i = 0; i < pages.length; i += MAX_SEND_BATCH) {
    const chunk = pages.slice(i, i + MAX_SEND_BATCH);
    const messages = chunk.map((page, j) => ({
      body: { reportId: page.reportId, generation: page.generation, crawlId: crawl.id, crawlPageId: page.id } satisfies AnalysisJob,
      contentType: "json" as const,
      delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.floor((startAt - now + (i + j) * crawl.intervalMs) / 1000))),
    }));
    try {
      await env.ANALYSIS_QUEUE.sendBatch(messages);
    } catch (error) {
      console.error("crawl pages enqueue failed", crawl.id, error);
      await failUnqueued(db, chunk);
    }
  }
}

/** Pages whose message could not be sent fail with their reports, so the crawl still finishes. */
async function failUnqueued(db: Db, pages: QueuedPage[]) {
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(crawlPages)
      .set({ state: "failed", settledAt: now })
      .where(and(inArray(crawlPages.id, pages.map((p) => p.id)), eq(crawlPages.state, "pending"))),
    ...pages.map((p) =>
      db
        .update(reports)
        .set({ status: "failed", errorCode: "enqueue_failed", errorMessage: "The analysis could not be queued. Regenerate the report to try again.", updatedAt: now })
        .where(and(eq(reports.id, p.reportId), eq(reports.generation, p.generation), sql`${reports.status} IN ('queued', 'processing')`)),
    ),
  ]);
}

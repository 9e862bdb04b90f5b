import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { crawlPages, crawls } from "../db/schema";
import type { Db } from "../db/client";
import { UNFINISHED } from "./find-crawl";
import { finalizeCrawl } from "./finalize-crawl";
import { STALL_AFTER_MS } from "./settings";

/** A consumer that claimed the last page but died before writing the checks: its claim expires after this. */
const SETTLING_EXPIRES_MS = 5 * 60 * 1000;

/**
 * Nothing stays unfinished (docs/crawls.md): a running crawl with no page pending is finalised (its finalising consumer
 * was lost), and a crawl without progress for 30 minutes fails with `crawl_stalled`.
 */
export async function sweepCrawls(env: Env, db: Db, now = Date.now()): Promise<{ finalized: number; stalled: number }> {
  const expired = new Date(now - SETTLING_EXPIRES_MS).toISOString();
  const orphaned = await db
    .update(crawls)
    .set({ settlingAt: null })
    .where(
      and(
        eq(crawls.status, "running"),
        or(sql`${crawls.settlingAt} IS NULL`, lt(crawls.settlingAt, expired)),
        sql`NOT EXISTS (SELECT 1 FROM ${crawlPages} WHERE ${crawlPages.crawlId} = ${crawls.id} AND ${crawlPages.state} = 'pending')`,
      ),
    )
    .returning({ id: crawls.id });
  for (const { id } of orphaned) await finalizeCrawl(env, db, id);

  const stamp = new Date(now).toISOString();
  const stalled = await db
    .update(crawls)
    .set({
      status: "failed",
      errorCode: "crawl_stalled",
      errorMessage: "The crawl made no progress for 30 minutes and was stopped.",
      finishedAt: stamp,
      updatedAt: stamp,
    })
    .where(and(inArray(crawls.status, [...UNFINISHED]), lt(crawls.updatedAt, new Date(now - STALL_AFTER_MS).toISOString())))
    .returning({ id: crawls.id });
  return { finalized: orphaned.length, stalled: stalled.length };
}

import { and, eq, lte, sql } from "drizzle-orm";
import { crawls } from "../db/schema";
import type { Db } from "../env";

/** A delivery waits in the consumer for its slot up to this long; beyond, the message is retried later. */
const MAX_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Slot = { ok: true } | { ok: false; reason: "stopped" } | { ok: false; reason: "later"; delaySeconds: number };

/**
 * At most one fetch per interval for one crawl, enforced at fetch time: queue delays are lower bounds, and a
 * backlog can deliver two messages together. The slot is claimed with one conditional UPDATE, so two consumers
 * never get the same one; a crawl that is no longer running gives no slot (cancelled: nothing more is fetched).
 */
export async function claimFetchSlot(db: Db, crawlId: number): Promise<Slot> {
  const waitUntil = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const now = Date.now();
    const [claimed] = await db
      .update(crawls)
      .set({ nextSlotAt: sql`${now} + ${crawls.intervalMs}`, updatedAt: new Date(now).toISOString() })
      .where(and(eq(crawls.id, crawlId), eq(crawls.status, "running"), lte(crawls.nextSlotAt, now)))
      .returning({ id: crawls.id });
    if (claimed) return { ok: true };
    const crawl = await db.select({ status: crawls.status, nextSlotAt: crawls.nextSlotAt }).from(crawls).where(eq(crawls.id, crawlId)).get();
    if (!crawl || crawl.status !== "running") return { ok: false, reason: "stopped" };
    const wait = crawl.nextSlotAt - Date.now();
    if (Date.now() + wait > waitUntil) return { ok: false, reason: "later", delaySeconds: Math.max(1, Math.ceil(wait / 1000)) };
    // A little jitter so consumers waiting on the same slot do not all wake at once.
    await sleep(Math.max(0, wait) + Math.random() * 20);
  }
}

import { eq } from "drizzle-orm";
import { crawls } from "../db/schema";
import type { Db } from "../db/client";
import { claimSlotNow } from "./crawl-lifecycle";

/** A delivery waits in the consumer for its slot up to this long; beyond, the message is retried later. */
const MAX_WAIT_MS = 30_000;

const POLL_MS = 100;

/** How long a claimed slot holds the crawl's next one if its fetch never reports back (a crashed consumer). */
export const SLOT_HOLD_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Slot = { ok: true; hold: string } | { ok: false; reason: "stopped" } | { ok: false; reason: "later"; delaySeconds: number };

/**
 * At most the crawl's current rate of fetches at once, starts one gap (interval / rate) apart, enforced at fetch time:
 * queue delays are lower bounds, and a backlog can deliver many messages together. The claim is one conditional
 * UPDATE (crawl-lifecycle.ts), so two consumers never get the same slot, and the slot is held until the fetch has
 * ended (`releaseFetchSlot`, `recordFetchAnswer` with the token returned here): at rate 1 a request that leaves late
 * (the isolate busy parsing another page) still has a full interval before the next one. A crawl that is no longer
 * running gives no slot (cancelled: nothing more is fetched).
 */
export async function claimFetchSlot(db: Db, crawlId: number): Promise<Slot> {
  const waitUntil = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const hold = await claimSlotNow(db, crawlId, SLOT_HOLD_MS);
    if (hold) return { ok: true, hold };
    const crawl = await db.select({ status: crawls.status, nextSlotAt: crawls.nextSlotAt }).from(crawls).where(eq(crawls.id, crawlId)).get();
    if (!crawl || crawl.status !== "running") return { ok: false, reason: "stopped" };
    // Every slot held: one is let go when its fetch ends, so look again soon.
    const wait = Math.max(crawl.nextSlotAt - Date.now(), POLL_MS);
    if (Date.now() + Math.min(wait, POLL_MS) > waitUntil) return { ok: false, reason: "later", delaySeconds: Math.max(1, Math.ceil(wait / 1000)) };
    // A held slot is released as soon as its fetch ends, so look again soon; a little jitter so consumers waiting
    // on the same slot do not all wake at once.
    await sleep(Math.max(0, Math.min(wait, POLL_MS)) + Math.random() * 20);
  }
}

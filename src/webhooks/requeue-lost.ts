import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { deliveryMessage } from "./enqueue-deliveries";

/** Far past any queue delay's slack: only attempts whose message was lost (or never sent) match. */
export const LOST_AFTER_MS = 15 * 60 * 1000;
const PER_TICK = 100;

/**
 * The net under "a queue message can be lost": pending deliveries whose attempt is long overdue are sent
 * again, with the attempt number they were waiting on (a late original and this copy cannot both run it).
 * Moving next_attempt_at in the same statement keeps the next tick from sending them again.
 */
export async function requeueLostDeliveries(db: Db, webhookQueue: Queue, nowMs = Date.now()): Promise<number> {
  const cutoff = new Date(nowMs - LOST_AFTER_MS).toISOString();
  const results = await db.all<{ id: number; attempts: number }>(sql`
    UPDATE webhook_deliveries SET next_attempt_at = ${new Date(nowMs).toISOString()}
    WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at < ${cutoff} ORDER BY next_attempt_at LIMIT ${PER_TICK})
    RETURNING id, attempts`);
  if (results.length === 0) return 0;
  await webhookQueue.sendBatch(results.map((row) => deliveryMessage({ deliveryId: row.id, attempt: row.attempts }, 0, nowMs)));
  return results.length;
}

import { and, eq } from "drizzle-orm";
import { webhookDeliveries, type WebhookDelivery } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import { sendAttempt } from "./enqueue-deliveries";
import { findWebhookOrThrow } from "./find-webhook";
import { requireEnabled } from "./send-test-event";

/**
 * Delivers again now: the delivery is pending with its next attempt due now. An attempt already queued for
 * later finds `attempts` moved on and does nothing, so the client gets one attempt, not two.
 */
export async function retryDelivery(db: Db, webhookQueue: Queue, accountId: number, webhookId: number, messageId: string): Promise<WebhookDelivery> {
  requireEnabled(await findWebhookOrThrow(db, accountId, webhookId));
  const where = and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.messageId, messageId));
  const current = await db.select().from(webhookDeliveries).where(where).get();
  if (!current) return notFound();
  const now = new Date().toISOString();
  // A delivery past its schedule gets this one attempt; if it fails, it is failed again.
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, updatedAt: now })
    .where(and(where, eq(webhookDeliveries.attempts, current.attempts)))
    .returning();
  if (!row) return notFound();
  await sendAttempt(webhookQueue, { deliveryId: row.id, attempt: row.attempts }, 0);
  return row;
}

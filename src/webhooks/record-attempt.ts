import { and, count, eq, gte, ne } from "drizzle-orm";
import { webhookDeliveries, webhooks, type Webhook, type WebhookDelivery } from "../db/schema";
import type { Db } from "../db/client";
import { nextDelaySeconds } from "./retry-schedule";
import type { SendResult } from "./send";

const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
const DISABLE_MIN_DELIVERIES = 5;

/**
 * Stores what one attempt gave and what happens next; returns the delay of the next attempt in seconds, or
 * null when there is none (succeeded, failed for good, or the endpoint is gone).
 */
export async function recordAttempt(db: Db, webhook: Webhook, delivery: WebhookDelivery, result: SendResult, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const where = eq(webhookDeliveries.id, delivery.id);
  if (result.ok) {
    await db.batch([
      db.update(webhookDeliveries).set({ status: "succeeded", lastStatusCode: result.status, lastError: null, nextAttemptAt: null, updatedAt: at }).where(where),
      db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhook.id)),
    ]);
    return null;
  }
  const delay = result.gone ? null : nextDelaySeconds(delivery.attempts, result);
  await db
    .update(webhookDeliveries)
    .set({
      status: delay === null ? "failed" : "pending",
      lastStatusCode: result.status,
      lastError: result.error,
      nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000).toISOString(),
      updatedAt: at,
    })
    .where(where);
  if (result.gone) {
    await disable(db, webhook.id, "The endpoint answered 410 Gone.", at);
    return null;
  }
  await noteFailure(db, webhook, now);
  return delay;
}

/** Starts (or continues) the endpoint's run of failures; five days of nothing but failures disable it. */
async function noteFailure(db: Db, webhook: Webhook, now: Date) {
  if (!webhook.failingSince) {
    await db.update(webhooks).set({ failingSince: now.toISOString() }).where(eq(webhooks.id, webhook.id));
    return;
  }
  if (now.getTime() - Date.parse(webhook.failingSince) < DISABLE_AFTER_MS) return;
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhook.id), gte(webhookDeliveries.updatedAt, webhook.failingSince), ne(webhookDeliveries.status, "succeeded")));
  if ((row?.n ?? 0) >= DISABLE_MIN_DELIVERIES) {
    await disable(db, webhook.id, "Every delivery failed for 5 days.", now.toISOString());
  }
}

const disable = (db: Db, id: number, reason: string, at: string) =>
  db.update(webhooks).set({ enabled: false, disabledReason: reason, updatedAt: at }).where(eq(webhooks.id, id));

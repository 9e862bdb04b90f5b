import { sql, type SQL } from "drizzle-orm";
import { randomBytes, toHex } from "../crypto/encoding";
import type { ChangeSeverity, webhookEventTypes } from "../db/schema";
import type { Db } from "../db/client";
import { enqueueDeliveries } from "./enqueue-deliveries";

const MAX_PAYLOAD_CHARS = 20_000;

export type WebhookEventType = (typeof webhookEventTypes)[number] | "webhook.test";

/** The `webhook-id` of an event: the same for every endpoint it goes to and on every attempt. */
export const newMessageId = () => `msg_${toHex(randomBytes(16))}`;

export interface EventOptions {
  /** What the event is about; one delivery per key and endpoint, ever (a repeated emit is a no-op). */
  eventKey?: string;
  /** SQL that must hold for the event to exist, checked in the same statement (and batch) as the insert. */
  onlyIf?: SQL;
  /** Only this endpoint, whatever it subscribes to (the test event). */
  webhookId?: number;
  /** Only the endpoints whose min_severity is this one (a change event carries what each endpoint asked for). */
  minSeverity?: ChangeSeverity;
  now?: Date;
}

/**
 * One statement: a pending delivery for every enabled endpoint of the account subscribed to `type` (or `*`),
 * returning their ids for the queue. Put it in the same db.batch as the write that makes the event true, then
 * hand the rows to enqueueDeliveries.
 */
export function deliveryInsert(accountId: number, type: WebhookEventType, data: Record<string, unknown>, options: EventOptions = {}) {
  const now = (options.now ?? new Date()).toISOString();
  const messageId = newMessageId();
  const payload = JSON.stringify({ type, timestamp: now, data });
  // docs/monitoring.md: payloads stay under 20 KB; a bigger one is a bug of the caller (send an id, not the data).
  if (payload.length > MAX_PAYLOAD_CHARS) throw new Error(`${type} payload of ${payload.length} characters is over ${MAX_PAYLOAD_CHARS}`);
  const subscribed = sql`w.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(w.events) e WHERE e.value IN (${type}, '*'))`;
  const target =
    options.webhookId !== undefined
      ? sql`w.id = ${options.webhookId}`
      : options.minSeverity !== undefined
        ? sql`${subscribed} AND w.min_severity = ${options.minSeverity}`
        : subscribed;
  return sql`
    INSERT OR IGNORE INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload, next_attempt_at, created_at, updated_at)
    SELECT ${messageId}, w.id, ${options.eventKey ?? messageId}, ${type}, ${payload}, ${now}, ${now}, ${now}
    FROM webhooks w
    WHERE w.account_id = ${accountId} AND ${target} AND (${options.onlyIf ?? sql`1`})
    RETURNING id`;
}

/** The one way other code announces an event: stores a delivery per subscribed endpoint and queues them. */
export async function emitEvent(
  db: Db,
  webhookQueue: Queue,
  accountId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: EventOptions = {},
): Promise<void> {
  const rows = await db.all<{ id: number }>(deliveryInsert(accountId, type, data, options));
  await enqueueDeliveries(webhookQueue, rows.map((row) => row.id));
}

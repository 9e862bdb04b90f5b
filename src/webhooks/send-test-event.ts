import { and, eq } from "drizzle-orm";
import { webhookDeliveries, type WebhookDelivery } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { deliveryInsert } from "./emit-event";
import { enqueueDeliveries } from "./enqueue-deliveries";
import { findWebhookOrThrow } from "./find-webhook";

export const requireEnabled = (webhook: { enabled: boolean }) => {
  if (!webhook.enabled) throw new ApiError(409, "The webhook is disabled; enable it (PATCH enabled=true) first.");
};

/** A `webhook.test` event to this endpoint only, queued like any other; returns its delivery. */
export async function sendTestEvent(db: Db, webhookQueue: Queue, accountId: number, id: number): Promise<WebhookDelivery> {
  const webhook = await findWebhookOrThrow(db, accountId, id);
  requireEnabled(webhook);
  const event = deliveryInsert(accountId, "webhook.test", { webhook_id: id, message: "A test event from pagegrade." }, { webhookId: id });
  const inserted = await db.get<{ id: number }>(event);
  await enqueueDeliveries(webhookQueue, [inserted!.id]);
  const row = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, inserted!.id))).get();
  return row!;
}

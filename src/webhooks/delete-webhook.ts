import { and, eq } from "drizzle-orm";
import { webhooks } from "../db/schema";
import type { Db } from "../db/client";
import { findWebhookOrThrow } from "./find-webhook";

/** Deletes the endpoint and (cascade) its deliveries; their queued attempts find nothing and stop. */
export async function deleteWebhook(db: Db, accountId: number, id: number): Promise<void> {
  await findWebhookOrThrow(db, accountId, id);
  await db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)));
}

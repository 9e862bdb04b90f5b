import { and, eq } from "drizzle-orm";
import { webhooks, type Webhook } from "../db/schema";
import type { Db } from "../env";
import { notFound } from "../http/errors";

/** An endpoint of this account, or 404: another account's is exactly as missing as none. */
export async function findWebhookOrThrow(db: Db, accountId: number, id: number): Promise<Webhook> {
  const row = await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId))).get();
  return row ?? notFound();
}

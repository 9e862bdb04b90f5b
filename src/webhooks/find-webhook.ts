import { and, eq } from "drizzle-orm";
import { webhooks, type Webhook } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";

/** An endpoint of this account, or undefined: another account's is exactly as missing as none. */
export const findWebhook = (db: Db, accountId: number, id: number): Promise<Webhook | undefined> =>
  db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId))).get();

/** An endpoint of this account, or 404. */
export async function findWebhookOrThrow(db: Db, accountId: number, id: number): Promise<Webhook> {
  return (await findWebhook(db, accountId, id)) ?? notFound();
}

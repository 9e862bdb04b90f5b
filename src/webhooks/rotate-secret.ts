import { and, eq } from "drizzle-orm";
import { webhooks, type Webhook } from "../db/schema";
import type { Db } from "../db/client";
import type { EncryptionSettings } from "../crypto/sealed";
import { findWebhookOrThrow } from "./find-webhook";
import { encryptSecret, generateSecret, requireEncryptionKey } from "./secret";

export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** A new secret, shown once; the old one keeps signing (a second signature) for 24 hours. */
export async function rotateSecret(
  db: Db,
  accountId: number,
  id: number,
  settings: EncryptionSettings,
  now = new Date(),
): Promise<{ webhook: Webhook; secret: string }> {
  const key = await requireEncryptionKey(settings);
  const current = await findWebhookOrThrow(db, accountId, id);
  const secret = generateSecret();
  const [row] = await db
    .update(webhooks)
    .set({
      secret: await encryptSecret(key, accountId, secret),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning();
  return { webhook: row!, secret };
}

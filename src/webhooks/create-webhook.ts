import { sql } from "drizzle-orm";
import { webhooks, type Webhook } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import type { Config } from "../config";
import { endpointUrlOrThrow } from "./endpoint-url";
import type { StoreWebhookInput } from "./schemas";
import { encryptSecret, generateSecret, requireEncryptionKey } from "./secret";

/** Stores an endpoint with a new encrypted secret; the plain secret is returned this once. */
export async function createWebhook(
  db: Db,
  accountId: number,
  input: StoreWebhookInput,
  settings: Pick<Config, "allowPrivateTargets" | "maxWebhooks" | "webhookEncryptionKey">,
): Promise<{ webhook: Webhook; secret: string }> {
  const url = endpointUrlOrThrow(input.url, settings.allowPrivateTargets);
  const key = await requireEncryptionKey(settings);
  const secret = generateSecret();
  const limit = settings.maxWebhooks;
  // The limit is checked in the insert itself, so two concurrent creates cannot pass it together.
  const [webhook] = await db.all<Webhook>(sql`
    INSERT INTO webhooks (account_id, url, events, description, min_severity, format, secret)
    SELECT ${accountId}, ${url}, ${JSON.stringify(input.events)}, ${input.description ?? null}, ${input.min_severity ?? "warning"},
      ${input.format ?? "standard"}, ${await encryptSecret(key, accountId, secret)}
    WHERE (SELECT count(*) FROM webhooks WHERE account_id = ${accountId}) < ${limit}
    RETURNING id`);
  if (!webhook) throw new ApiError(409, `An account can have at most ${limit} webhook endpoints; delete one first.`);
  const row = await db.select().from(webhooks).where(sql`${webhooks.id} = ${webhook.id}`).get();
  return { webhook: row!, secret };
}

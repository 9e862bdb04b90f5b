import { and, eq } from "drizzle-orm";
import type { Config } from "../config";
import { webhooks, type Webhook } from "../db/schema";
import type { Db } from "../db/client";
import { endpointUrlOrThrow } from "./endpoint-url";
import { findWebhookOrThrow } from "./find-webhook";
import type { UpdateWebhookInput } from "./schemas";

/** Changes url, events, description, enabled, min_severity or format; enabling again clears why it was disabled and its failure run. */
export async function updateWebhook(
  db: Db,
  accountId: number,
  id: number,
  input: UpdateWebhookInput,
  settings: Pick<Config, "allowPrivateTargets">,
): Promise<Webhook> {
  await findWebhookOrThrow(db, accountId, id);
  const url = input.url === undefined ? undefined : endpointUrlOrThrow(input.url, settings.allowPrivateTargets);
  const [row] = await db
    .update(webhooks)
    .set({
      ...(url !== undefined && { url }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.min_severity !== undefined && { minSeverity: input.min_severity }),
      ...(input.format !== undefined && { format: input.format }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      ...(input.enabled === true && { disabledReason: null, failingSince: null }),
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning();
  return row!;
}

import type { Webhook, WebhookDelivery } from "../db/schema";

/** The endpoint resource; the secret never leaves except in the create and rotate answers. */
export const toWebhookResource = (row: Webhook) => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  min_severity: row.minSeverity,
  format: row.format,
  disabled_reason: row.disabledReason,
  previous_secret_expires_at: row.previousSecretExpiresAt,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

/** A delivery: `id` is the webhook-id header its attempts carried. */
export const toDeliveryResource = (row: WebhookDelivery) => ({
  id: row.messageId,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  next_attempt_at: row.nextAttemptAt,
  created_at: row.createdAt,
});

import { z } from "zod";
import { deliveryStatuses, webhookEventTypes } from "../db/schema";
import { fieldsParam } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";

export const subscribableEvents = [...webhookEventTypes, "*"] as const;
const eventsError = `The events field must list one or more of ${subscribableEvents.join(", ")}.`;

/** JSON sends an array; a form sends `events=a,b` or the field repeated. */
const events = z
  .union([z.array(z.string({ error: eventsError })), z.string({ error: eventsError })], { error: eventsError })
  .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((event) => event.trim()).filter(Boolean))
  .refine((list): list is (typeof subscribableEvents)[number][] => list.length > 0 && list.every((e) => (subscribableEvents as readonly string[]).includes(e)), {
    error: eventsError,
  })
  .transform((list) => [...new Set(list)]);

const url = z
  .string({ error: "The url field is required." })
  .trim()
  .min(1, "The url field is required.")
  .max(2048, "The url field must be at most 2048 characters.");

const description = z.string({ error: "The description field must be a string." }).max(500, "The description field must be at most 500 characters.");

const enabled = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])], { error: "The enabled field must be one of true, false, 1, 0." })
  .transform((value) => value === true || value === "true" || value === "1");

const bodyError = { error: "The request body must be an object of fields." };

export const storeWebhookBody = z.object({ url, events, description: description.optional() }, bodyError);

export const updateWebhookBody = z.object(
  { url: url.optional(), events: events.optional(), enabled: enabled.optional(), description: description.optional() },
  bodyError,
);

export const webhookIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "The webhook id must be a positive integer.").transform(Number),
});

export const deliveryParam = z.object({
  id: webhookIdParam.shape.id,
  delivery: z.string().regex(/^msg_[0-9a-f]{32}$/, "The delivery id is a webhook-id (msg_...)."),
});

/** The endpoint and delivery resources' fields, in their order (src/webhooks/serialize.ts), for `fields=`. */
export const webhookFields = [
  "id", "url", "events", "description", "enabled", "disabled_reason", "previous_secret_expires_at", "created_at", "updated_at",
] as const;
export const deliveryFields = ["id", "type", "status", "attempts", "last_status_code", "last_error", "next_attempt_at", "created_at"] as const;

const webhookFieldsParam = fieldsParam(webhookFields);

export const showWebhookQuery = z.object({ fields: webhookFieldsParam });

export const listWebhooksQuery = z.object({ per_page: listParams.per_page, page: listParams.page, fields: webhookFieldsParam });

export const listDeliveriesQuery = z.object({
  per_page: listParams.per_page,
  page: listParams.page,
  fields: fieldsParam(deliveryFields),
  status: oneOf("status", deliveryStatuses).optional(),
});

export type StoreWebhookInput = z.output<typeof storeWebhookBody>;
export type UpdateWebhookInput = z.output<typeof updateWebhookBody>;
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;

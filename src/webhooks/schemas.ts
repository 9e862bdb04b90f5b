import { z } from "zod";
import { changeSeverities, deliveryStatuses, webhookEventTypes, webhookFormats } from "../db/schema";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";
import { writeBody } from "../http/write-body";

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

const min_severity = z.enum(changeSeverities, { error: `The min_severity field must be one of ${changeSeverities.join(", ")}.` });
const format = z.enum(webhookFormats, { error: `The format field must be one of ${webhookFormats.join(", ")}.` });

export const storeWebhookBody = writeBody({ url, events, description: description.optional(), min_severity: min_severity.optional(), format: format.optional() });

export const updateWebhookBody = writeBody({
  url: url.optional(),
  events: events.optional(),
  enabled: enabled.optional(),
  description: description.optional(),
  min_severity: min_severity.optional(),
  format: format.optional(),
});

export const webhookIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "The webhook id must be a positive integer.").transform(Number),
});

export const deliveryParam = z.object({
  id: webhookIdParam.shape.id,
  delivery: z.string().regex(/^msg_[0-9a-f]{32}$/, "The delivery id is a webhook-id (msg_...)."),
});

const timestamp = z.iso.datetime();

/** The endpoint resource of src/webhooks/serialize.ts (checked against real answers in tests). */
export const webhookResource = z
  .object({
    id: z.int().positive(),
    url: z.string(),
    events: z.array(z.enum(subscribableEvents)),
    description: z.string().nullable(),
    enabled: z.boolean(),
    min_severity: z.enum(changeSeverities).meta({ description: "report.changed and project.changed carry the changes at or above it, and are not sent without one." }),
    format: z.enum(webhookFormats).meta({ description: "standard: Standard Webhooks, signed; slack: a Slack incoming-webhook message `{text}`, unsigned." }),
    disabled_reason: z.string().nullable().meta({ description: "Why the service disabled it, if it did." }),
    previous_secret_expires_at: timestamp.nullable().meta({ description: "Until when the secret before the last rotation still signs." }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Webhook" });

/** The create and rotate answers: the only ones that carry the secret. */
export const webhookWithSecret = webhookResource
  .extend({ secret: z.string().meta({ description: "whsec_...: shown in this answer only." }) })
  .meta({ id: "WebhookWithSecret" });

/** A delivery: `id` is the webhook-id header its attempts carried. */
export const deliveryResource = z
  .object({
    id: z.string().regex(/^msg_[0-9a-f]{32}$/),
    type: z.string().meta({ description: `The event type: ${webhookEventTypes.join(", ")} or webhook.test.` }),
    status: z.enum(deliveryStatuses),
    attempts: z.int().min(0),
    last_status_code: z.int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "Delivery" });

/** The endpoint and delivery resources' fields, in their order, for `fields=`. */
export const webhookFields = keysOf(webhookResource);
export const deliveryFields = keysOf(deliveryResource);

/** With `fields=`, an endpoint or a delivery has `id` and the fields asked for. */
export const webhookFieldsResource = withFields(webhookResource, "id").meta({ id: "WebhookFields" });
export const deliveryFieldsResource = withFields(deliveryResource, "id").meta({ id: "DeliveryFields" });

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

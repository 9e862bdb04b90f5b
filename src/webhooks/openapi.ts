import { listHistoryQuery } from "../history/schemas";
import { dataSchema, deletedSchema, errorResponses, listSchema, locationHeader, ok, parameters, requestBody, type OpenApiPart } from "../http/openapi-helpers";
import { reportIdParam } from "../reports/schemas";
import { deliveryParam, listDeliveriesQuery, listWebhooksQuery, showWebhookQuery, storeWebhookBody, updateWebhookBody, webhookIdParam } from "./schemas";

const object = { type: "object" };
const noKey = [503, "No WEBHOOK_ENCRYPTION_KEY is configured on the server."] as [503, string];
const disabled = [409, "The endpoint is disabled; enable it first."] as [409, string];
const body = [413, 415, 422] as const;

/** History and webhook paths, from the zod schemas that validate them. */
export const monitoringOpenApi: OpenApiPart = {
  tags: [
    { name: "history", description: "Every finished generation of a report, with what changed." },
    { name: "webhooks", description: "Signed webhooks (Standard Webhooks v1) instead of polling." },
  ],
  paths: {
    "/api/v1/reports/{id}/history": {
      get: {
        operationId: "listReportHistory",
        summary: "List a report's generations",
        description: "Newest first, each with what it changed against the previous completed generation.",
        tags: ["history"],
        parameters: [...parameters(reportIdParam, "path"), ...parameters(listHistoryQuery, "query")],
        responses: { "200": ok("A page of history entries.", listSchema(object)), ...errorResponses(404, 422) },
      },
    },
    "/api/v1/webhooks": {
      get: {
        operationId: "listWebhooks",
        summary: "List webhook endpoints",
        tags: ["webhooks"],
        parameters: parameters(listWebhooksQuery, "query"),
        responses: { "200": ok("A page of endpoints.", listSchema(object)), ...errorResponses(422) },
      },
      post: {
        operationId: "storeWebhook",
        summary: "Create a webhook endpoint",
        description: "Its `secret` is in this response only.",
        tags: ["webhooks"],
        requestBody: requestBody(storeWebhookBody),
        responses: {
          "201": ok("The endpoint and its secret.", dataSchema(object, 201), locationHeader),
          ...errorResponses(...body, [409, "The account has MAX_WEBHOOKS endpoints already."], noKey),
        },
      },
    },
    "/api/v1/webhooks/{id}": {
      get: {
        operationId: "showWebhook",
        summary: "Show a webhook endpoint",
        tags: ["webhooks"],
        parameters: [...parameters(webhookIdParam, "path"), ...parameters(showWebhookQuery, "query")],
        responses: { "200": ok("The endpoint.", dataSchema(object, 200)), ...errorResponses(404, 422) },
      },
      patch: {
        operationId: "updateWebhook",
        summary: "Update a webhook endpoint",
        description: "Change `url`, `events`, `enabled` or `description`.",
        tags: ["webhooks"],
        parameters: parameters(webhookIdParam, "path"),
        requestBody: requestBody(updateWebhookBody),
        responses: { "200": ok("The endpoint.", dataSchema(object, 200)), ...errorResponses(404, ...body) },
      },
      delete: {
        operationId: "deleteWebhook",
        summary: "Delete a webhook endpoint",
        description: "Its deliveries go with it.",
        tags: ["webhooks"],
        parameters: parameters(webhookIdParam, "path"),
        responses: { "200": ok("Deleted.", deletedSchema("webhook", { type: "integer" })), ...errorResponses(404) },
      },
    },
    "/api/v1/webhooks/{id}/rotate-secret": {
      post: {
        operationId: "rotateWebhookSecret",
        summary: "Rotate a webhook's secret",
        description: "A new secret, shown once; the old one keeps signing beside it for 24 hours.",
        tags: ["webhooks"],
        parameters: parameters(webhookIdParam, "path"),
        responses: { "200": ok("The endpoint and its new secret.", dataSchema(object, 200)), ...errorResponses(404, noKey) },
      },
    },
    "/api/v1/webhooks/{id}/test": {
      post: {
        operationId: "testWebhook",
        summary: "Send a test event",
        description: "Queues a `webhook.test` event to this endpoint.",
        tags: ["webhooks"],
        parameters: parameters(webhookIdParam, "path"),
        responses: { "202": ok("The queued delivery.", dataSchema(object, 202)), ...errorResponses(404, disabled) },
      },
    },
    "/api/v1/webhooks/{id}/deliveries": {
      get: {
        operationId: "listWebhookDeliveries",
        summary: "List an endpoint's deliveries",
        description: "Newest first; filter by `status`.",
        tags: ["webhooks"],
        parameters: [...parameters(webhookIdParam, "path"), ...parameters(listDeliveriesQuery, "query")],
        responses: { "200": ok("A page of deliveries.", listSchema(object)), ...errorResponses(404, 422) },
      },
    },
    "/api/v1/webhooks/{id}/deliveries/{delivery}/retry": {
      post: {
        operationId: "retryWebhookDelivery",
        summary: "Deliver again now",
        tags: ["webhooks"],
        parameters: parameters(deliveryParam, "path"),
        responses: { "202": ok("The delivery, pending.", dataSchema(object, 202)), ...errorResponses(404, disabled) },
      },
    },
  },
};

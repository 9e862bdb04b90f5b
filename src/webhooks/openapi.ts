import { listHistoryQuery } from "../history/schemas";
import { common, errorResponse, ok, parameters, requestBody } from "../http/openapi";
import { reportIdParam } from "../reports/schemas";
import { deliveryParam, listDeliveriesQuery, listWebhooksQuery, storeWebhookBody, updateWebhookBody, webhookIdParam } from "./schemas";

/** History and webhook paths, from the zod schemas that validate them. */
export function monitoringPaths() {
  const webhookId = parameters(webhookIdParam, "path");
  const missing = { "404": errorResponse("No such webhook endpoint (or another account's).") };
  const invalid = { "422": errorResponse("Invalid input; the message names the allowed values.") };
  const body = { "400": errorResponse("Malformed JSON body."), "413": errorResponse("Body over 64 KiB."), "415": errorResponse("Unsupported Content-Type.") };
  const noKey = { "503": errorResponse("No WEBHOOK_ENCRYPTION_KEY is configured on the server.") };
  const disabled = { "409": errorResponse("The endpoint is disabled; enable it first.") };
  return {
    "/api/v1/reports/{id}/history": {
      get: {
        operationId: "listReportHistory",
        summary: "List a report's generations, newest first, with what each changed.",
        parameters: [...parameters(reportIdParam, "path"), ...parameters(listHistoryQuery, "query")],
        responses: { "200": ok("A page of history entries."), "404": errorResponse("No such report."), ...invalid, ...common },
      },
    },
    "/api/v1/webhooks": {
      get: {
        operationId: "listWebhooks",
        summary: "List webhook endpoints.",
        parameters: parameters(listWebhooksQuery, "query"),
        responses: { "200": ok("A page of endpoints."), ...invalid, ...common },
      },
      post: {
        operationId: "storeWebhook",
        summary: "Create a webhook endpoint; its secret is in this response only.",
        requestBody: requestBody(storeWebhookBody),
        responses: { "201": ok("The endpoint and its secret."), "409": errorResponse("The account has MAX_WEBHOOKS endpoints already."), ...body, ...invalid, ...noKey, ...common },
      },
    },
    "/api/v1/webhooks/{id}": {
      get: { operationId: "showWebhook", summary: "Show a webhook endpoint.", parameters: webhookId, responses: { "200": ok("The endpoint."), ...missing, ...common } },
      patch: {
        operationId: "updateWebhook",
        summary: "Change url, events, enabled or description.",
        parameters: webhookId,
        requestBody: requestBody(updateWebhookBody),
        responses: { "200": ok("The endpoint."), ...missing, ...body, ...invalid, ...common },
      },
      delete: { operationId: "deleteWebhook", summary: "Delete a webhook endpoint and its deliveries.", parameters: webhookId, responses: { "200": ok("Deleted."), ...missing, ...common } },
    },
    "/api/v1/webhooks/{id}/rotate-secret": {
      post: {
        operationId: "rotateWebhookSecret",
        summary: "A new secret, shown once; the old one keeps signing for 24 hours.",
        parameters: webhookId,
        responses: { "200": ok("The endpoint and its new secret."), ...missing, ...noKey, ...common },
      },
    },
    "/api/v1/webhooks/{id}/test": {
      post: {
        operationId: "testWebhook",
        summary: "Send a webhook.test event to this endpoint.",
        parameters: webhookId,
        responses: { "202": ok("The queued delivery."), ...missing, ...disabled, ...common },
      },
    },
    "/api/v1/webhooks/{id}/deliveries": {
      get: {
        operationId: "listWebhookDeliveries",
        summary: "List an endpoint's deliveries, newest first.",
        parameters: [...webhookId, ...parameters(listDeliveriesQuery, "query")],
        responses: { "200": ok("A page of deliveries."), ...missing, ...invalid, ...common },
      },
    },
    "/api/v1/webhooks/{id}/deliveries/{delivery}/retry": {
      post: {
        operationId: "retryWebhookDelivery",
        summary: "Deliver again now.",
        parameters: parameters(deliveryParam, "path"),
        responses: { "202": ok("The delivery, pending."), "404": errorResponse("No such endpoint or delivery."), ...disabled, ...common },
      },
    },
  };
}

import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { findWhereItIs, type RequestSession } from "../db/request-session";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { dataOf, deletedOf, errorResponses, locationHeader, ok, pageOf, type ErrorStatus } from "../http/openapi-responses";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook, withBody } from "../http/validation";
import { createWebhook } from "../webhooks/create-webhook";
import { deleteWebhook } from "../webhooks/delete-webhook";
import { findWebhook } from "../webhooks/find-webhook";
import { listDeliveries } from "../webhooks/list-deliveries";
import { listWebhooks } from "../webhooks/list-webhooks";
import { retryDelivery } from "../webhooks/retry-delivery";
import { rotateSecret } from "../webhooks/rotate-secret";
import {
  deliveryFieldsResource,
  deliveryParam,
  deliveryResource,
  listDeliveriesQuery,
  listWebhooksQuery,
  showWebhookQuery,
  storeWebhookBody,
  updateWebhookBody,
  webhookFieldsResource,
  webhookIdParam,
  webhookResource,
  webhookWithSecret,
} from "../webhooks/schemas";
import { sendTestEvent } from "../webhooks/send-test-event";
import { toDeliveryResource, toWebhookResource } from "../webhooks/serialize";
import { updateWebhook } from "../webhooks/update-webhook";
import { queuesOf } from "../queues";

const tags = ["webhooks"];
const noKey: [ErrorStatus, string] = [503, "No WEBHOOK_ENCRYPTION_KEY is configured on the server."];
const disabled: [ErrorStatus, string] = [409, "The endpoint is disabled; enable it first."];
const body = [413, 415, 422] as const;

// An endpoint just created may not be on the replica yet: the primary is asked before a 404, and its deliveries
// are then read there too.
const findWebhookNearOrOnPrimary = (session: RequestSession, accountId: number, id: number) =>
  findWhereItIs(session, (db) => findWebhook(db, accountId, id));

export const webhookRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listWebhooks",
  summary: "List webhook endpoints",
  tags,
  request: { query: listWebhooksQuery },
  responses: { 200: ok("A page of endpoints.", pageOf(webhookFieldsResource)), ...errorResponses(422) },
});

webhookRoutes.openapi(listRoute, async (c) => {
  const { page, per_page, fields } = c.req.valid("query");
  const { rows, total } = await listWebhooks(c.var.db, c.var.caller.accountId, { page, perPage: per_page });
  return c.json(listEnvelope(c, rows.map((row) => pickFields(toWebhookResource(row), fields)), total, { page, perPage: per_page }), 200);
});

const storeRoute = createRoute(
  withBody(storeWebhookBody, {
    method: "post",
    path: "/",
    operationId: "storeWebhook",
    summary: "Create a webhook endpoint",
    description: "Its `secret` is in this response only.",
    tags,
    responses: {
      201: ok("The endpoint and its secret.", dataOf(webhookWithSecret, 201), locationHeader),
      ...errorResponses(...body, [409, "The account has MAX_WEBHOOKS endpoints already."], noKey),
    },
  }),
);

webhookRoutes.openapi(storeRoute, async (c) => {
  const { webhook, secret } = await createWebhook(c.var.db, c.var.caller.accountId, c.var.body, c.var.settings);
  c.header("Location", `${new URL(c.req.url).origin}/api/v1/webhooks/${webhook.id}`);
  return c.json({ data: { ...toWebhookResource(webhook), secret }, status: 201 }, 201);
});

const showRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "showWebhook",
  summary: "Show a webhook endpoint",
  tags,
  middleware: [pathFirst(webhookIdParam)],
  request: { params: webhookIdParam, query: showWebhookQuery },
  responses: { 200: ok("The endpoint.", dataOf(webhookFieldsResource, 200)), ...errorResponses(404, 422) },
});

webhookRoutes.openapi(showRoute, async (c) => {
  const webhook = await findWebhookNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
  if (!webhook) return notFound();
  return c.json({ data: pickFields(toWebhookResource(webhook.found), c.req.valid("query").fields), status: 200 }, 200);
});

const updateRoute = createRoute(
  withBody(
    updateWebhookBody,
    {
      method: "patch",
      path: "/{id}",
      operationId: "updateWebhook",
      summary: "Update a webhook endpoint",
      description: "Change `url`, `events`, `enabled` or `description`.",
      tags,
      request: { params: webhookIdParam },
      responses: { 200: ok("The endpoint.", dataOf(webhookResource, 200)), ...errorResponses(404, ...body) },
    },
    pathFirst(webhookIdParam),
  ),
);

webhookRoutes.openapi(updateRoute, async (c) => {
  const webhook = await updateWebhook(c.var.db, c.var.caller.accountId, c.req.valid("param").id, c.var.body, c.var.settings);
  return c.json({ data: toWebhookResource(webhook), status: 200 }, 200);
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  operationId: "deleteWebhook",
  summary: "Delete a webhook endpoint",
  description: "Its deliveries go with it.",
  tags,
  middleware: [pathFirst(webhookIdParam)],
  request: { params: webhookIdParam },
  responses: { 200: ok("Deleted.", deletedOf("webhook", z.int())), ...errorResponses(404) },
});

webhookRoutes.openapi(deleteRoute, async (c) => {
  const { id } = c.req.valid("param");
  await deleteWebhook(c.var.db, c.var.caller.accountId, id);
  return c.json({ id, object: "webhook", deleted: true, status: 200 }, 200);
});

const rotateRoute = createRoute({
  method: "post",
  path: "/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  summary: "Rotate a webhook's secret",
  description: "A new secret, shown once; the old one keeps signing beside it for 24 hours.",
  tags,
  middleware: [pathFirst(webhookIdParam)],
  request: { params: webhookIdParam },
  responses: { 200: ok("The endpoint and its new secret.", dataOf(webhookWithSecret, 200)), ...errorResponses(404, noKey) },
});

webhookRoutes.openapi(rotateRoute, async (c) => {
  const { webhook, secret } = await rotateSecret(c.var.db, c.var.caller.accountId, c.req.valid("param").id, c.var.settings);
  return c.json({ data: { ...toWebhookResource(webhook), secret }, status: 200 }, 200);
});

const testRoute = createRoute({
  method: "post",
  path: "/{id}/test",
  operationId: "testWebhook",
  summary: "Send a test event",
  description: "Queues a `webhook.test` event to this endpoint.",
  tags,
  middleware: [pathFirst(webhookIdParam)],
  request: { params: webhookIdParam },
  responses: { 202: ok("The queued delivery.", dataOf(deliveryResource, 202)), ...errorResponses(404, disabled) },
});

webhookRoutes.openapi(testRoute, async (c) => {
  const delivery = await sendTestEvent(c.var.db, queuesOf(c.env).webhooks, c.var.caller.accountId, c.req.valid("param").id);
  return c.json({ data: toDeliveryResource(delivery), status: 202 }, 202);
});

const deliveriesRoute = createRoute({
  method: "get",
  path: "/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  summary: "List an endpoint's deliveries",
  description: "Newest first; filter by `status`.",
  tags,
  middleware: [pathFirst(webhookIdParam)],
  request: { params: webhookIdParam, query: listDeliveriesQuery },
  responses: { 200: ok("A page of deliveries.", pageOf(deliveryFieldsResource)), ...errorResponses(404, 422) },
});

webhookRoutes.openapi(deliveriesRoute, async (c) => {
  const query = c.req.valid("query");
  const webhook = await findWebhookNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
  if (!webhook) return notFound();
  const { rows, total, page } = await listDeliveries(webhook.db, webhook.found.id, query);
  return c.json(listEnvelope(c, rows.map((row) => pickFields(toDeliveryResource(row), query.fields)), total, page), 200);
});

const retryRoute = createRoute({
  method: "post",
  path: "/{id}/deliveries/{delivery}/retry",
  operationId: "retryWebhookDelivery",
  summary: "Deliver again now",
  tags,
  middleware: [pathFirst(deliveryParam)],
  request: { params: deliveryParam },
  responses: { 202: ok("The delivery, pending.", dataOf(deliveryResource, 202)), ...errorResponses(404, disabled) },
});

webhookRoutes.openapi(retryRoute, async (c) => {
  const { id, delivery } = c.req.valid("param");
  const row = await retryDelivery(c.var.db, queuesOf(c.env).webhooks, c.var.caller.accountId, id, delivery);
  return c.json({ data: toDeliveryResource(row), status: 202 }, 202);
});

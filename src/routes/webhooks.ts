import { Hono } from "hono";
import { findWhereItIs, type RequestSession } from "../db/request-session";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { listEnvelope } from "../http/pagination";
import { validate, validateBody } from "../http/validation";
import { createWebhook } from "../webhooks/create-webhook";
import { deleteWebhook } from "../webhooks/delete-webhook";
import { findWebhook } from "../webhooks/find-webhook";
import { listDeliveries } from "../webhooks/list-deliveries";
import { listWebhooks } from "../webhooks/list-webhooks";
import { retryDelivery } from "../webhooks/retry-delivery";
import { rotateSecret } from "../webhooks/rotate-secret";
import {
  deliveryParam,
  listDeliveriesQuery,
  listWebhooksQuery,
  showWebhookQuery,
  storeWebhookBody,
  updateWebhookBody,
  webhookIdParam,
} from "../webhooks/schemas";
import { sendTestEvent } from "../webhooks/send-test-event";
import { toDeliveryResource, toWebhookResource } from "../webhooks/serialize";
import { updateWebhook } from "../webhooks/update-webhook";

// An endpoint just created may not be on the replica yet: the primary is asked before a 404, and its deliveries
// are then read there too.
const findWebhookNearOrOnPrimary = (session: RequestSession, accountId: number, id: number) =>
  findWhereItIs(session, (db) => findWebhook(db, accountId, id));

export const webhookRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listWebhooksQuery), async (c) => {
    const { page, per_page, fields } = c.req.valid("query");
    const { rows, total } = await listWebhooks(c.var.db, c.var.caller.accountId, { page, perPage: per_page });
    return c.json(listEnvelope(c, rows.map((row) => pickFields(toWebhookResource(row), fields)), total, { page, perPage: per_page }));
  })
  .post("/", validateBody(storeWebhookBody), async (c) => {
    const { webhook, secret } = await createWebhook(c.env, c.var.db, c.var.caller.accountId, c.req.valid("form"));
    c.header("Location", `${new URL(c.req.url).origin}/api/v1/webhooks/${webhook.id}`);
    return c.json({ data: { ...toWebhookResource(webhook), secret }, status: 201 }, 201);
  })
  .get("/:id", validate("param", webhookIdParam), validate("query", showWebhookQuery), async (c) => {
    const webhook = await findWebhookNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
    if (!webhook) return notFound();
    return c.json({ data: pickFields(toWebhookResource(webhook.found), c.req.valid("query").fields), status: 200 });
  })
  .patch("/:id", validate("param", webhookIdParam), validateBody(updateWebhookBody), async (c) => {
    const webhook = await updateWebhook(c.env, c.var.db, c.var.caller.accountId, c.req.valid("param").id, c.req.valid("form"));
    return c.json({ data: toWebhookResource(webhook), status: 200 });
  })
  .delete("/:id", validate("param", webhookIdParam), async (c) => {
    const { id } = c.req.valid("param");
    await deleteWebhook(c.var.db, c.var.caller.accountId, id);
    return c.json({ id, object: "webhook", deleted: true, status: 200 });
  })
  .post("/:id/rotate-secret", validate("param", webhookIdParam), async (c) => {
    const { webhook, secret } = await rotateSecret(c.env, c.var.db, c.var.caller.accountId, c.req.valid("param").id);
    return c.json({ data: { ...toWebhookResource(webhook), secret }, status: 200 });
  })
  .post("/:id/test", validate("param", webhookIdParam), async (c) => {
    const delivery = await sendTestEvent(c.env, c.var.db, c.var.caller.accountId, c.req.valid("param").id);
    return c.json({ data: toDeliveryResource(delivery), status: 202 }, 202);
  })
  .get("/:id/deliveries", validate("param", webhookIdParam), validate("query", listDeliveriesQuery), async (c) => {
    const query = c.req.valid("query");
    const webhook = await findWebhookNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
    if (!webhook) return notFound();
    const { rows, total, page } = await listDeliveries(webhook.db, webhook.found.id, query);
    return c.json(listEnvelope(c, rows.map((row) => pickFields(toDeliveryResource(row), query.fields)), total, page));
  })
  .post("/:id/deliveries/:delivery/retry", validate("param", deliveryParam), async (c) => {
    const { id, delivery } = c.req.valid("param");
    const row = await retryDelivery(c.env, c.var.db, c.var.caller.accountId, id, delivery);
    return c.json({ data: toDeliveryResource(row), status: 202 }, 202);
  });

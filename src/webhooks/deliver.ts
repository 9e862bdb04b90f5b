import { and, eq } from "drizzle-orm";
import { createDb, type Db } from "../db/client";
import { webhookDeliveries, webhooks, type Webhook } from "../db/schema";
import { config, type Config } from "../config";
import { queuesOf, type Queues } from "../queues";
import { MAX_QUEUE_DELAY_SECONDS, sendAttempt } from "./enqueue-deliveries";
import { deliveryJobSchema, type DeliveryJob } from "./job";
import { recordAttempt } from "./record-attempt";
import { liveSecrets } from "./secrets-of";
import { encryptionKey } from "../crypto/sealed";
import { sendWebhook, type SendResult } from "./send";
import { signatureHeader } from "./sign";
import { slackMessage } from "./slack-message";

/** What one invocation of the webhook queue works with, read from its env once, here at the entry. */
interface Delivering {
  db: Db;
  queues: Pick<Queues, "webhooks">;
  key: CryptoKey | null;
  settings: Pick<Config, "allowPrivateTargets" | "webhookTimeoutMs">;
}

const deliveringFrom = async (env: Env): Promise<Delivering> => {
  const settings = config(env);
  return { db: createDb(env.DB), queues: queuesOf(env), key: await encryptionKey(settings), settings };
};

/** The webhook queue's consumer: one attempt per message, the next attempt is a new message with a delay. */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const delivering = await deliveringFrom(env);
  await Promise.all(batch.messages.map((message) => handleMessage(delivering, message)));
}

async function handleMessage(delivering: Delivering, message: Message<unknown>) {
  const parsed = deliveryJobSchema.safeParse(message.body);
  if (!parsed.success) {
    console.warn("dropping malformed webhook message", message.id);
    message.ack();
    return;
  }
  try {
    await attempt(delivering, parsed.data);
    message.ack();
  } catch (error) {
    console.error("webhook delivery crashed", parsed.data, error);
    message.retry({ delaySeconds: 30 });
  }
}

async function attempt({ db, queues, key, settings }: Delivering, job: DeliveryJob, now = new Date()) {
  if (job.notBefore !== undefined && job.notBefore > now.getTime() + 1000) {
    // Longer than one queue delay allows: another hop, same target time.
    const remaining = Math.ceil((job.notBefore - now.getTime()) / 1000);
    await queues.webhooks.send(job, { contentType: "json", delaySeconds: Math.min(remaining, MAX_QUEUE_DELAY_SECONDS) });
    return;
  }
  // Claims this attempt: a duplicate or superseded message finds `attempts` moved on and does nothing.
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ attempts: job.attempt + 1, updatedAt: now.toISOString() })
    .where(and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.attempts, job.attempt)))
    .returning();
  if (!delivery) return;
  const webhook = await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId)).get();
  if (!webhook) return;
  if (!webhook.enabled) {
    await endDelivery(db, delivery.id, "The endpoint is disabled.");
    return;
  }
  const result = await post(settings, key, webhook, delivery.messageId, delivery.payload, now);
  const next = await recordAttempt(db, webhook, delivery, result, now);
  if (next !== null) await sendAttempt(queues.webhooks, { deliveryId: delivery.id, attempt: delivery.attempts }, next, now.getTime());
}

async function post(
  settings: Delivering["settings"],
  key: CryptoKey | null,
  webhook: Webhook,
  messageId: string,
  body: string,
  now: Date,
): Promise<SendResult> {
  const sending = { allowPrivateTargets: settings.allowPrivateTargets, timeoutMs: settings.webhookTimeoutMs };
  // Slack's URL is its secret: the message goes unsigned, through the same guard, timeout and retries.
  if (webhook.format === "slack") return sendWebhook(webhook.url, JSON.stringify(slackMessage(JSON.parse(body))), { ...sending, headers: {} });
  if (!key) return { ok: false, status: null, retryAfter: null, error: "The server has no WEBHOOK_ENCRYPTION_KEY to sign with.", gone: false };
  const timestamp = Math.floor(now.getTime() / 1000);
  const secrets = await liveSecrets(key, webhook, now).catch(() => null);
  // A secret sealed under another key (WEBHOOK_ENCRYPTION_KEY changed) fails like any attempt, on the schedule.
  if (!secrets) return { ok: false, status: null, retryAfter: null, error: "The secret cannot be decrypted with the current WEBHOOK_ENCRYPTION_KEY: rotate it.", gone: false };
  return sendWebhook(webhook.url, body, {
    ...sending,
    headers: {
      "webhook-id": messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": await signatureHeader(secrets, messageId, timestamp, body),
    },
  });
}

/** A pending delivery that will not be attempted again, and why. */
const endDelivery = (db: Db, id: number, reason: string) =>
  db
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: reason, nextAttemptAt: null, updatedAt: new Date().toISOString() })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending")));

/** Messages that crashed the consumer max_retries times: their delivery is given up, with the reason. */
export async function handleWebhookDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const { db } = await deliveringFrom(env);
  for (const message of batch.messages) {
    const parsed = deliveryJobSchema.safeParse(message.body);
    if (parsed.success) await endDelivery(db, parsed.data.deliveryId, "The delivery failed repeatedly inside the service and was given up.");
    message.ack();
  }
}

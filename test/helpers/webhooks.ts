import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../src/index";
import { call, type Caller } from "./api";
import { oneLaneEnv } from "./one-lane-env";

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

/**
 * A receiver path of the page server, unique to this test run: `/hooks/<tag>/<mode>`. The receiver lists the paths
 * that contain a tag, so a tag is random: one made of the time and a counter was once the start of another workerd's
 * tag made in the same millisecond (`t…1` inside `t…12`), and a test read that one's `webhook.test` as its own event.
 */
export const hookUrl = (mode: "ok" | "fail" | "gone" | "busy" | "redirect" | "hang", query = "") => {
  const tag = `t${crypto.randomUUID().replace(/-/g, "")}`;
  return { tag, url: `${env.PAGE_SERVER}/hooks/${tag}/${mode}${query}` };
};

export async function createEndpoint(caller: Caller, url: string, events: string[] = ["*"]) {
  const res = await call("/api/v1/webhooks", { key: caller.key, json: { url, events } });
  if (res.status !== 201) throw new Error(`POST /api/v1/webhooks answered ${res.status}: ${res.text}`);
  return res.json.data as { id: number; secret: string } & Record<string, unknown>;
}

export async function received(tag: string): Promise<ReceivedWebhook[]> {
  const res = await fetch(`${env.PAGE_SERVER}/__webhooks?tag=${tag}`);
  return res.json();
}

/** Polls the receiver until it has `count` deliveries for `tag`, or the time is up. */
export async function waitForWebhooks(tag: string, count: number, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await received(tag);
    if (got.length >= count || Date.now() > deadline) return got;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A queue stand-in that records what the consumer asks to send (and forwards nothing). */
export function recordingQueue() {
  const sent: { body: any; options?: QueueSendOptions }[] = [];
  const queue = {
    send: async (body: unknown, options?: QueueSendOptions) => void sent.push({ body, options }),
    sendBatch: async (messages: Iterable<MessageSendRequest>) => {
      for (const m of messages) sent.push({ body: m.body, options: { delaySeconds: m.delaySeconds, contentType: m.contentType } });
    },
  } as unknown as Queue;
  return { queue, sent };
}

let sequence = 0;
/** Hands one message to the worker's queue() as the given queue would, with an optional env override. */
export async function deliverMessage(queue: string, body: unknown, overrides: Partial<Env> = {}, attempts = 1) {
  const batch = createMessageBatch(queue, [{ id: `w${++sequence}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, oneLaneEnv(overrides), ctx);
  return getQueueResult(batch, ctx);
}

export const deliveryRows = (webhookId: number) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id").bind(webhookId).all<Record<string, any>>().then((r) => r.results);

/** A pending delivery of a test event, inserted directly: no queued first attempt races the ones the test makes. */
export async function pendingDelivery(caller: Caller, url: string) {
  const hook = await createEndpoint(caller, url);
  const row = await env.DB.prepare(
    `INSERT INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload, next_attempt_at)
     VALUES (?, ?, ?, 'webhook.test', ?, ?) RETURNING id`,
  )
    .bind(`msg_${crypto.randomUUID().replace(/-/g, "")}`, hook.id, crypto.randomUUID(), JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} }), new Date().toISOString())
    .first<{ id: number }>();
  return { hook, deliveryId: row!.id };
}

/** A delivery's row and an endpoint's row, as the consumer left them. */
export const deliveryRow = (id: number) => env.DB.prepare("SELECT * FROM webhook_deliveries WHERE id = ?").bind(id).first<Record<string, any>>();
export const webhookRow = (id: number) => env.DB.prepare("SELECT * FROM webhooks WHERE id = ?").bind(id).first<Record<string, any>>();

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { LOST_AFTER_MS, requeueLostDeliveries } from "../../src/webhooks/requeue-lost";
import { createCaller } from "../helpers/api";
import { createEndpoint, hookUrl, recordingQueue } from "../helpers/webhooks";

describe("lost webhook messages", () => {
  it("the cron sends pending deliveries whose attempt is long overdue again, once, with the attempt they wait on", async () => {
    const caller = await createCaller("lost");
    const hook = await createEndpoint(caller, hookUrl("ok").url);
    const overdue = new Date(Date.now() - LOST_AFTER_MS - 60_000).toISOString();
    const recent = new Date(Date.now() - 60_000).toISOString();
    const insert = (key: string, attempts: number, nextAttemptAt: string, status = "pending") =>
      env.DB.prepare(
        `INSERT INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload, status, attempts, next_attempt_at)
         VALUES (?, ?, ?, 'webhook.test', '{}', ?, ?, ?) RETURNING id`,
      ).bind(`msg_${key}`, hook.id, key, status, attempts, nextAttemptAt).first<{ id: number }>();
    const lost = await insert("lost", 2, overdue);
    await insert("recent", 1, recent);
    await insert("done", 1, overdue, "succeeded");
    const { queue, sent } = recordingQueue();
    expect(await requeueLostDeliveries(createDb(env.DB), queue)).toBe(1);
    expect(sent.map((s) => s.body)).toEqual([{ deliveryId: lost!.id, attempt: 2 }]);
    expect(await requeueLostDeliveries(createDb(env.DB), queue)).toBe(0);
  });
});

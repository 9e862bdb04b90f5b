import type { DeliveryJob } from "./job";

const SEND_BATCH_LIMIT = 100;
/** Queues refuse a longer delay; a later attempt travels in hops (DeliveryJob.notBefore). */
export const MAX_QUEUE_DELAY_SECONDS = 86_400;

/** The queue message of one attempt, with its delay clamped to what Queues accept and the rest carried along. */
export function deliveryMessage(job: Omit<DeliveryJob, "notBefore">, delaySeconds: number, nowMs = Date.now()) {
  const delay = Math.max(0, Math.ceil(delaySeconds));
  const body: DeliveryJob = delay > MAX_QUEUE_DELAY_SECONDS ? { ...job, notBefore: nowMs + delay * 1000 } : job;
  return { body, contentType: "json" as const, delaySeconds: Math.min(delay, MAX_QUEUE_DELAY_SECONDS) };
}

/** Queues one attempt of a delivery, `delaySeconds` from now. */
export async function sendAttempt(queue: Queue, job: Omit<DeliveryJob, "notBefore">, delaySeconds: number, nowMs = Date.now()) {
  const { body, contentType, delaySeconds: delay } = deliveryMessage(job, delaySeconds, nowMs);
  await queue.send(body, { contentType, delaySeconds: delay });
}

/**
 * Sends the first attempt of new deliveries. If the queue refuses them they stay pending and the sweep
 * (requeue-lost.ts) sends them later: the event is already stored, nothing is lost.
 */
export async function enqueueDeliveries(webhookQueue: Queue, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += SEND_BATCH_LIMIT) {
    const chunk = ids.slice(i, i + SEND_BATCH_LIMIT);
    try {
      await webhookQueue.sendBatch(chunk.map((deliveryId) => deliveryMessage({ deliveryId, attempt: 0 }, 0)));
    } catch (error) {
      console.error("webhook enqueue failed; the sweep will resend", { ids: chunk, error });
    }
  }
}

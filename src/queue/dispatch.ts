import { handleWebhookBatch, handleWebhookDeadLetters } from "../webhooks/deliver";
import { handleCrawlQueue } from "../crawls/crawl-consumer";
import type { BatchTally } from "./batch-tally";
import { handleAnalysisBatch, handleAnalysisDeadLetters, handleSlowAnalysisBatch } from "./consumer";

type QueueHandler = (batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext) => Promise<BatchTally | void>;

/**
 * One handler per queue, none knows the others. A queue is known by the end of its name, so an app that embeds
 * the API names its queues as it likes (`pagegrade-analysis` here, `edge-app-analysis` in examples/edge-app).
 */
const handlers: [suffix: string, handler: QueueHandler][] = [
  ["-analysis", handleAnalysisBatch],
  ["-analysis-dlq", handleAnalysisDeadLetters],
  // The slow lane (docs/operations.md): pages that missed the main lane's first deadline, and every retry.
  ["-analysis-slow", handleSlowAnalysisBatch],
  ["-analysis-slow-dlq", handleAnalysisDeadLetters],
  ["-webhooks", handleWebhookBatch],
  ["-webhooks-dlq", handleWebhookDeadLetters],
  ["-crawl", handleCrawlQueue],
];

export const queueHandler = (queue: string) => handlers.find(([suffix]) => queue.endsWith(suffix))?.[1];

/** Who watches what the analysis batches did (a test, a soak): told each batch's tally. */
export interface QueueObserver {
  onTally?(queue: string, tally: BatchTally): void;
}

/** The Worker's queue(): hands the batch to the handler of its queue, and its tally to the observer. */
export function createQueueHandler(observer: QueueObserver = {}) {
  return async (batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext): Promise<void> => {
    const handler = queueHandler(batch.queue);
    if (!handler) {
      // A consumer wired in wrangler.toml without a handler: keep the messages for when one exists.
      console.error("no handler for queue", batch.queue);
      batch.retryAll({ delaySeconds: 60 });
      return;
    }
    const tally = await handler(batch, env, ctx);
    if (tally) observer.onTally?.(batch.queue, tally);
  };
}

/** The Worker's queue() with no observer. */
export const handleQueue = createQueueHandler();

import { onShard, shardOfMessage } from "../db/shards";
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

/** A message as its handler sees it: the body without the `shard` its dispatch has already read. */
function withoutShard(message: Message<unknown>): Message<unknown> {
  const { shard: _shard, ...body } = message.body as Record<string, unknown>;
  return {
    id: message.id,
    timestamp: message.timestamp,
    attempts: message.attempts,
    body,
    ack: () => message.ack(),
    retry: (options) => message.retry(options),
  };
}

/**
 * The batch split by the shard its messages carry (src/db/shards.ts), each part with the env of its shard. A batch
 * of shard 0 only (every batch of a one-database deployment, and messages sent before shards) is handed on as is.
 */
function byShard(batch: MessageBatch<unknown>, env: Env): [MessageBatch<unknown>, Env][] {
  const groups = new Map<number, Message<unknown>[]>();
  for (const message of batch.messages) {
    const shard = shardOfMessage(message.body);
    groups.set(shard, [...(groups.get(shard) ?? []), message]);
  }
  if (groups.size === 1 && groups.has(0)) return [[batch, env]];
  return [...groups].map(([shard, messages]) => {
    const part = messages.map(withoutShard);
    const partBatch: MessageBatch<unknown> = {
      queue: batch.queue,
      metadata: batch.metadata,
      messages: part,
      retryAll: (options) => part.forEach((m) => m.retry(options)),
      ackAll: () => part.forEach((m) => m.ack()),
    };
    return [partBatch, onShard(env, shard)];
  });
}

/** The Worker's queue(): hands each shard's part of the batch to the handler of its queue, and its tally to the observer. */
export function createQueueHandler(observer: QueueObserver = {}) {
  return async (batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext): Promise<void> => {
    const handler = queueHandler(batch.queue);
    if (!handler) {
      // A consumer wired in wrangler.toml without a handler: keep the messages for when one exists.
      console.error("no handler for queue", batch.queue);
      batch.retryAll({ delaySeconds: 60 });
      return;
    }
    // One shard's part failing (its database unavailable) retries only that part: the others' work is done.
    await Promise.all(
      byShard(batch, env).map(async ([part, partEnv]) => {
        try {
          const tally = await handler(part, partEnv, ctx);
          if (tally) observer.onTally?.(batch.queue, tally);
        } catch (error) {
          if (part === batch) throw error;
          console.error("queue batch of one shard failed", batch.queue, error);
          part.retryAll({ delaySeconds: 60 });
        }
      }),
    );
  };
}

/** The Worker's queue() with no observer. */
export const handleQueue = createQueueHandler();

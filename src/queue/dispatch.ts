import { handleWebhookBatch, handleWebhookDeadLetters } from "../webhooks/deliver";
import { handleCrawlQueue } from "../crawls/crawl-consumer";
import { handleAnalysisBatch, handleAnalysisDeadLetters } from "./consumer";

type QueueHandler = (batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext) => Promise<void>;

/** Queue names as in wrangler.toml's [[queues.consumers]]: one handler each, none knows the others. */
const handlers: Record<string, QueueHandler> = {
  "pagegrade-analysis": handleAnalysisBatch,
  "pagegrade-analysis-dlq": handleAnalysisDeadLetters,
  "pagegrade-webhooks": handleWebhookBatch,
  "pagegrade-webhooks-dlq": handleWebhookDeadLetters,
  "pagegrade-crawl": handleCrawlQueue,
};

/** The Worker's queue(): hands the batch to the handler of its queue. */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext): Promise<void> {
  const handler = handlers[batch.queue];
  if (!handler) {
    // A consumer wired in wrangler.toml without a handler: keep the messages for when one exists.
    console.error("no handler for queue", batch.queue);
    batch.retryAll({ delaySeconds: 60 });
    return;
  }
  await handler(batch, env, ctx);
}

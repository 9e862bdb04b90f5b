import { handleCrawlQueue } from "../crawls/crawl-consumer";
import { handleQueue } from "./consumer";

type QueueHandler = (batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext) => Promise<void>;

/** One handler per queue, by the exact queue name of wrangler.toml. */
const handlers: Record<string, QueueHandler> = {
  "pagegrade-analysis": handleQueue,
  "pagegrade-analysis-dlq": handleQueue,
  "pagegrade-crawl": handleCrawlQueue,
};

export async function dispatchQueue(batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext): Promise<void> {
  const handler = handlers[batch.queue];
  if (!handler) {
    // A queue bound to this Worker without a handler: retrying would only send it to a dead letter later.
    console.error("no handler for queue", batch.queue);
    batch.retryAll({ delaySeconds: 60 });
    return;
  }
  await handler(batch, env, ctx);
}

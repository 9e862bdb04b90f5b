import { shardOf } from "./db/shards";

/*
 * The service's queues, named by what goes on them, and the one retry policy of their consumers. Every entry (the
 * fetch handler, the queue consumers, the cron) builds the bundle once from its env (queuesOf) and hands it down; no
 * module below an entry reads a queue binding itself.
 */

/** The queues, as every entry hands them down. */
export interface Queues {
  /** The analysis lanes: a page's first try (the main lane) ... */
  analysis: Queue;
  /** ... and its slow lane (a page that missed the first deadline, and every retry). */
  slow: Queue;
  /** Webhook deliveries: a report's or a crawl's events. */
  webhooks: Queue;
  /** A crawl's own jobs (src/crawls/crawl-job.ts): its discovery, link plan, link checks and site checks. */
  crawl: Queue;
}

/**
 * The queue as one shard sends to it: every message carries `shard`, so its consumer opens that shard's database
 * (src/queue/dispatch.ts). Shard 0 sends its messages as before shards, without the field.
 */
function stampedWith(queue: Queue, shard: number): Queue {
  const stamp = (body: unknown) => ({ ...(body as object), shard });
  return {
    send: (body, options) => queue.send(stamp(body), options),
    sendBatch: (messages, options) => queue.sendBatch([...messages].map((m) => ({ ...m, body: stamp(m.body) })), options),
    metrics: () => queue.metrics(),
  } as Queue;
}

/** The queues from the Worker's bindings (or one shard's view of them, src/db/shards.ts): the entry's one look at env for queues. */
export function queuesOf(env: Env): Queues {
  const shard = shardOf(env);
  const queue = (binding: Queue) => (shard === 0 ? binding : stampedWith(binding, shard));
  return {
    analysis: queue(env.ANALYSIS_QUEUE),
    slow: queue(env.ANALYSIS_SLOW_QUEUE),
    webhooks: queue(env.WEBHOOK_QUEUE),
    crawl: queue(env.CRAWL_QUEUE),
  };
}

/**
 * Between two attempts of a message, in every consumer that retries (the analysis lanes, the crawl queue): `first`
 * (ANALYSIS_RETRY_DELAY_SECONDS, 2), doubled each time (2, 4, 8, 16 s ...), capped at five minutes.
 */
export const retryDelaySeconds = (attempts: number, first: number) => Math.min(Math.ceil(first * 2 ** (attempts - 1)), 300);

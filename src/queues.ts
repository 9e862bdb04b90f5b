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

/** The queues from the Worker's bindings: the entry's one look at env for queues. */
export const queuesOf = (env: Env): Queues => ({
  analysis: env.ANALYSIS_QUEUE,
  slow: env.ANALYSIS_SLOW_QUEUE,
  webhooks: env.WEBHOOK_QUEUE,
  crawl: env.CRAWL_QUEUE,
});

/**
 * Between two attempts of a message, in every consumer that retries (the analysis lanes, the crawl queue): `first`
 * (ANALYSIS_RETRY_DELAY_SECONDS, 2), doubled each time (2, 4, 8, 16 s ...), capped at five minutes.
 */
export const retryDelaySeconds = (attempts: number, first: number) => Math.min(Math.ceil(first * 2 ** (attempts - 1)), 300);

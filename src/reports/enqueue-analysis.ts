import { runBatch, type Statement } from "../db/batch";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import type { AnalysisJob } from "./analysis-job";
import { failures, type Failure } from "../targets/failures";
import { failGeneration } from "./generation";

/** Queues take at most 100 messages per sendBatch. */
const SEND_BATCH_LIMIT = 100;

export interface AnalysisMessage {
  job: AnalysisJob;
  /** A crawl spreads its pages' analyses in time; the consumer still claims each fetch slot itself. */
  delaySeconds?: number;
}

export interface EnqueueOptions {
  /** How a generation whose message the queue refused fails: never left queued for the sweep to find. */
  failure: Failure;
  /** Statements for the same batch as the refused generations' failure (a crawl fails their pages with them). */
  alsoOnRefusal?: (refused: AnalysisJob[]) => Statement[];
}

/**
 * The one way analyses are queued, for every producer (the API, schedules, crawls): one message with send, several
 * with sendBatch in chunks of 100. Generations whose message the queue refused fail with `options.failure`.
 * Returns the refused jobs.
 */
export async function enqueueAnalyses(db: Db, queue: Queue, messages: AnalysisMessage[], options: EnqueueOptions): Promise<AnalysisJob[]> {
  const refused = await sendAnalyses(queue, messages);
  if (refused.length > 0) {
    const now = new Date().toISOString();
    await runBatch(db, [...(options.alsoOnRefusal?.(refused) ?? []), ...refused.map((job) => failGeneration(db, job, options.failure, now))]);
  }
  return refused;
}

/** Sends the messages (one with send, more with sendBatch in chunks of 100); returns the jobs the queue refused. */
async function sendAnalyses(queue: Queue, messages: AnalysisMessage[]): Promise<AnalysisJob[]> {
  const refused: AnalysisJob[] = [];
  if (messages.length === 1 && messages[0]!.delaySeconds === undefined) {
    await queue.send(messages[0]!.job, { contentType: "json" }).catch((error) => {
      console.error("enqueue failed", error);
      refused.push(messages[0]!.job);
    });
    return refused;
  }
  for (let i = 0; i < messages.length; i += SEND_BATCH_LIMIT) {
    const chunk = messages.slice(i, i + SEND_BATCH_LIMIT);
    try {
      await queue.sendBatch(chunk.map(({ job, delaySeconds }) => ({ body: job, contentType: "json" as const, ...(delaySeconds !== undefined && { delaySeconds }) })));
    } catch (error) {
      console.error("analyses enqueue failed", chunk.length, error);
      refused.push(...chunk.map((message) => message.job));
    }
  }
  return refused;
}

/**
 * The consumer's message for a generation already under way: to the slow lane, or again after a wait. A new
 * message, not a retry of the delivery: a delivery's attempts count crashes only, and `reports.attempts` counts the
 * page's attempts. False when the queue refused it (the consumer then retries the delivery it holds).
 */
export const requeueAnalysis = async (queue: Queue, message: AnalysisMessage): Promise<boolean> =>
  (await sendAnalyses(queue, [message])).length === 0;

/**
 * The API's enqueue of a created or regenerated report: if the queue refuses, the report is failed (as
 * enqueueAnalyses does) and the client is told to try again.
 */
export async function enqueueAnalysis(db: Db, queue: Queue, job: AnalysisJob): Promise<void> {
  const refused = await enqueueAnalyses(db, queue, [{ job }], { failure: failures.enqueueFailed });
  if (refused.length > 0) throw new ApiError(503, "The analysis queue is unavailable. Please try again shortly.", undefined, { "Retry-After": "30" });
}

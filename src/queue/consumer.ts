import { eq } from "drizzle-orm";
import { analyzePage } from "../analysis/analyze";
import { analysisOptionsFromEnv, type AnalysisOptions } from "../analysis/settings";
import { createDb } from "../db/client";
import { reports } from "../db/schema";
import type { AnalysisJob, Db } from "../env";
import { analysisJobSchema } from "./job";
import { analysisConcurrency, runLimited } from "./run-limited";
import { markFailed, markProcessing, markQueuedForRetry, saveOutcome } from "./save-outcome";

const DEAD_LETTER_SUFFIX = "-dlq";

export async function handleQueue(batch: MessageBatch<unknown>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const db = createDb(env.DB);
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) {
    await Promise.all(batch.messages.map((message) => handleDeadLetter(db, message)));
    return;
  }
  const options = analysisOptionsFromEnv(env);
  const maxAttempts = Math.max(1, Number(env.ANALYSIS_MAX_ATTEMPTS) || 5);
  await runLimited(batch.messages, analysisConcurrency(env), (message) => handleMessage(db, message, options, maxAttempts));
}

async function handleMessage(db: Db, message: Message<unknown>, options: AnalysisOptions, maxAttempts: number) {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (!parsed.success) {
    console.warn("dropping malformed analysis message", message.id);
    message.ack();
    return;
  }
  const job = parsed.data;
  const report = await db
    .select({ url: reports.url, status: reports.status, generation: reports.generation })
    .from(reports)
    .where(eq(reports.id, job.reportId))
    .get();
  // Deleted, regenerated since, or already analysed for this generation: nothing to do.
  if (!report || report.generation !== job.generation || report.status === "completed" || report.status === "failed") {
    message.ack();
    return;
  }
  try {
    await markProcessing(db, job);
    const outcome = await analyzePage(report.url, options);
    if (!outcome.ok && outcome.temporary && message.attempts < maxAttempts) {
      await markQueuedForRetry(db, job);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return;
    }
    await saveOutcome(db, job, outcome);
    message.ack();
  } catch (error) {
    // Unexpected (a D1 hiccup, a bug): retry the delivery; after max_retries the dead-letter handler fails it.
    console.error("analysis crashed", job, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, 300);

async function handleDeadLetter(db: Db, message: Message<unknown>) {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (parsed.success) {
    await markFailed(
      db,
      parsed.data,
      "analysis_crashed",
      "The analysis failed repeatedly and was given up. Regenerate the report to try again.",
    );
  }
  message.ack();
}


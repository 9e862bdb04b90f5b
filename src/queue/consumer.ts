import { eq } from "drizzle-orm";
import { analyzePage } from "../analysis/analyze";
import type { AnalysisOptions } from "../analysis/settings";
import { config } from "../config";
import { createDb } from "../db/client";
import { reports } from "../db/schema";
import type { AnalysisJob, Db } from "../env";
import { beginCrawlPage, settleCrawlPage, settleFromOutcome, settleWithoutFetch } from "../crawls/crawl-page-job";
import { analysisJobSchema } from "./job";
import { finishGeneration } from "../history/finish-generation";
import { markProcessing, markQueuedForRetry } from "./save-outcome";
import { runLimited } from "./run-limited";

export async function handleAnalysisBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const { analysis: options, analysisMaxAttempts: maxAttempts, analysisConcurrency } = config(env);
  await runLimited(batch.messages, analysisConcurrency, (message) => handleMessage(env, db, message, options, maxAttempts));
}

async function handleMessage(env: Env, db: Db, message: Message<unknown>, options: AnalysisOptions, maxAttempts: number) {
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
    if (job.crawlId) await settleWithoutFetch(env, db, job, report?.generation === job.generation ? report.status : undefined);
    message.ack();
    return;
  }
  try {
    // A crawl page claims its crawl's fetch slot last before the fetch (or is stopped, or waits).
    if (job.crawlId) await markProcessing(db, job);
    const crawl = job.crawlId ? await beginCrawlPage(db, job) : null;
    if (crawl?.action === "skip") return message.ack();
    if (crawl?.action === "later") return message.retry({ delaySeconds: crawl.delaySeconds });
    // A lone report's processing mark is written while the page is fetched: one D1 round trip off the time to report.
    const [, outcome] = await Promise.all([
      crawl ? undefined : markProcessing(db, job),
      analyzePage(report.url, crawl ? { ...options, site: crawl.site, onPage: crawl.onPage } : options),
    ]);
    await crawl?.release();
    if (!outcome.ok && outcome.temporary && message.attempts < maxAttempts) {
      await markQueuedForRetry(db, job);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return;
    }
    await finishGeneration(env, db, job, outcome);
    if (crawl) await settleFromOutcome(env, db, job, outcome, crawl);
    message.ack();
  } catch (error) {
    // Unexpected (a D1 hiccup, a bug): retry the delivery; after max_retries the dead-letter handler fails it.
    console.error("analysis crashed", job, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, 300);

export async function handleAnalysisDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  await Promise.all(batch.messages.map((message) => handleDeadLetter(env, db, message)));
}

async function handleDeadLetter(env: Env, db: Db, message: Message<unknown>) {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (parsed.success) {
    await finishGeneration(env, db, parsed.data, {
      ok: false,
      code: "analysis_crashed",
      message: "The analysis failed repeatedly and was given up. Regenerate the report to try again.",
      temporary: false,
    });
    if (parsed.data.crawlId) await settleCrawlPage(env, db, parsed.data, false, null);
  }
  message.ack();
}


import { eq, sql } from "drizzle-orm";
import type { AnalysisOptions } from "../analysis/settings";
import { config } from "../config";
import { crawlPagePath } from "../crawls/crawl-page-path";
import { createDb } from "../db/client";
import { crawls, reports } from "../db/schema";
import type { Db } from "../db/client";
import { analysisJobSchema, type AnalysisJob, type AnalysisPath } from "../reports/analysis-job";
import { failures } from "../reports/failures";
import { finishGeneration } from "../reports/finish-generation";
import { markQueuedForRetry } from "../reports/generation";
import { unsealCredentials } from "../reports/sealed-auth";
import { browserBinding } from "../render/availability";
import { renderPool, type RenderPool } from "../render/browser-pool";
import { loneReportPath } from "./lone-report-path";
import { runLimited } from "./run-limited";

export async function handleAnalysisBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const { analysis: options, analysisMaxAttempts: maxAttempts, analysisConcurrency, render } = config(env);
  // One browser for the whole invocation, launched only if one of its reports renders (docs/rendering.md).
  const binding = browserBinding(env);
  const pool = binding ? renderPool(binding, db, render) : null;
  try {
    await runLimited(batch.messages, analysisConcurrency, (message) => handleMessage(env, db, pool, message, options, maxAttempts));
  } finally {
    await pool?.release();
  }
}

/** The one place a message's kind is decided: a crawl's page, or a lone report. */
const pathOf = (env: Env, db: Db, pool: RenderPool | null, job: AnalysisJob): AnalysisPath =>
  job.crawlId ? crawlPagePath(env, db, pool, { ...job, crawlId: job.crawlId }) : loneReportPath(db, pool, job);

async function handleMessage(
  env: Env,
  db: Db,
  pool: RenderPool | null,
  message: Message<unknown>,
  options: AnalysisOptions,
  maxAttempts: number,
) {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (!parsed.success) {
    console.warn("dropping malformed analysis message", message.id);
    message.ack();
    return;
  }
  const job = parsed.data;
  const path = pathOf(env, db, pool, job);
  const report = await db
    .select({ url: reports.url, status: reports.status, generation: reports.generation, render: reports.render, accountId: reports.accountId, auth: sealedAuthOf(job) })
    .from(reports)
    .where(eq(reports.id, job.reportId))
    .get();
  // Deleted, regenerated since, or already analysed for this generation: nothing to do.
  if (!report || report.generation !== job.generation || report.status === "completed" || report.status === "failed") {
    await path.settleWithoutFetch(report?.generation === job.generation ? report.status : undefined);
    message.ack();
    return;
  }
  try {
    const credentials = await unsealCredentials(env, report.accountId, report.auth);
    if (credentials && "ok" in credentials) {
      await finishGeneration(env, db, job, credentials);
      await path.settle(credentials);
      return message.ack();
    }
    // The credentials stay in this call: never in the message, never in a log line (the job below holds none).
    const step = await path.analyze(report.url, credentials ? { ...options, credentials } : options, report.render);
    if (step.next === "skip") return message.ack();
    if (step.next === "later") return message.retry({ delaySeconds: step.delaySeconds });
    const { outcome } = step;
    if (!outcome.ok && outcome.temporary && message.attempts < maxAttempts) {
      await markQueuedForRetry(db, job);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return;
    }
    await finishGeneration(env, db, job, outcome);
    await path.settle(outcome);
    message.ack();
  } catch (error) {
    // Unexpected (a D1 hiccup, a bug): retry the delivery; after max_retries the dead-letter handler fails it.
    console.error("analysis crashed", job, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** A crawl's page is fetched with the crawl's login (docs/security.md), a lone report with its own. */
const sealedAuthOf = (job: AnalysisJob) =>
  job.crawlId ? sql<string | null>`(SELECT ${crawls.authSecret} FROM ${crawls} WHERE ${crawls.id} = ${job.crawlId})` : reports.authSecret;

export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, 300);

export async function handleAnalysisDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  await Promise.all(batch.messages.map((message) => handleDeadLetter(env, db, message)));
}

async function handleDeadLetter(env: Env, db: Db, message: Message<unknown>) {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (parsed.success) {
    await finishGeneration(env, db, parsed.data, failures.analysisCrashed);
    await pathOf(env, db, null, parsed.data).settle(failures.analysisCrashed);
  }
  message.ack();
}

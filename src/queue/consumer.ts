import { eq } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import { SCHEMA_VOCABULARY_ASSET } from "../analysis/structured-data/vocabulary";
import { config } from "../config";
import { crawlBrowserSessions } from "../crawls/crawl-lifecycle";
import { crawlPagePath } from "../crawls/crawl-page-path";
import type { BatchResults } from "../db/batch";
import { createDb, type Db } from "../db/client";
import { projects, reports } from "../db/schema";
import { previousWatchedColumn } from "../history/record-changes";
import { eventBaseColumns } from "../reports/find-report";
import { fieldDatabase, fieldDataSource } from "../field/field-data";
import { analysisJobSchema, type AnalysisJob } from "../reports/analysis-job";
import { failures } from "../targets/failures";
import { finishGeneration } from "../reports/finish-generation";
import { browserBinding } from "../render/availability";
import { assetText } from "../render/asset-text";
import { assetPageScripts } from "../render/page-scripts";
import { renderPool } from "../render/browser-pool";
import type { AnalysisPath } from "./analysis-path";
import { createTally, type BatchTally } from "./batch-tally";
import { createHostPolicy, type HeldRelease } from "./host-policy";
import type { Lane } from "./host-slots";
import { queuesOf, retryDelaySeconds } from "../queues";
import { laneOptions, requeue } from "./lanes";
import { loneReportPath } from "./lone-report-path";
import { runAnalysis, type LaneRun } from "./run-analysis";

/** The two lanes' batches (src/queue/lanes.ts); each returns what it did, for whoever watches. */
export const handleAnalysisBatch = (batch: MessageBatch<unknown>, env: Env) => handleLane(batch, env, "main");
export const handleSlowAnalysisBatch = (batch: MessageBatch<unknown>, env: Env) => handleLane(batch, env, "slow");

/** The entry point of a lane's invocation: settings, database, browser and host policy made once, handed down. */
async function handleLane(batch: MessageBatch<unknown>, env: Env, lane: Lane): Promise<BatchTally> {
  const settings = config(env);
  const db = createDb(env.DB);
  // One browser for the whole invocation, reused from an earlier invocation or launched, only if one of its reports
  // renders (docs/rendering.md).
  const binding = browserBinding(env, settings);
  const run: LaneRun = {
    db,
    settings,
    lane,
    // The schema.org table structured_data_valid and rich_results read: a static asset, not Worker script.
    options: { ...laneOptions(settings, lane), schemaVocabulary: assetText(env.ASSETS, SCHEMA_VOCABULARY_ASSET) },
    queues: queuesOf(env),
    hosts: createHostPolicy(db, lane, settings),
    pool: binding ? renderPool(binding, crawlBrowserSessions(db), settings.render, assetPageScripts(env.ASSETS)) : null,
    tally: createTally(),
    field: fieldDataSource(fieldDatabase(env), settings.field),
  };
  // Every fetch of the batch starts at once: waiting on a network holds no memory; bodies (the byte budget) and
  // DOMs (the DOM gate) do, and those are bounded where they are held.
  try {
    await Promise.all(batch.messages.map((message) => handleMessage(run, message)));
  } finally {
    await run.pool?.release();
  }
  return run.tally.read(run.options.bodyBudget?.counts());
}

/** Parse, load, run, save; then ack, or hand the delivery back. */
async function handleMessage(run: LaneRun, message: Message<unknown>): Promise<void> {
  const job = parseJob(message);
  if (!job) return message.ack();
  try {
    const path = pathOf(run, job);
    const report = await loadReport(run.db, job, path);
    // Deleted, regenerated since, or already analysed for this generation: nothing to do.
    if (!report || report.generation !== job.generation || report.status === "completed" || report.status === "failed") {
      await path.settleWithoutFetch(report?.generation === job.generation ? report.status : undefined);
      return message.ack();
    }
    const step = await runAnalysis(run, path, job, report);
    // Later: in the slow lane if the step says so, else in this one.
    if (step.next === "later") return await requeue(run.queues, message, job, { ...step, lane: step.lane ?? run.lane }, run.settings.retryDelaySeconds);
    if (step.next === "finish") await finish(run, path, job, step.outcome, report, step.held);
    message.ack();
  } catch (error) {
    // Unexpected (a D1 hiccup, a bug): retry the delivery; after max_retries the dead-letter handler fails it.
    console.error("analysis crashed", job, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts, run.settings.retryDelaySeconds) });
  }
}

function parseJob(message: Message<unknown>): AnalysisJob | undefined {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (!parsed.success) console.warn("dropping malformed analysis message", message.id);
  return parsed.data;
}

/** The one place a message's kind is decided: a crawl's page, or a lone report. */
const pathOf = (run: Pick<LaneRun, "db" | "settings" | "queues" | "pool">, job: AnalysisJob): AnalysisPath =>
  job.kind === "crawl_page"
    ? crawlPagePath(
        { db: run.db, settings: run.settings, queues: run.queues },
        run.pool,
        job,
      )
    : loneReportPath(run.db, run.pool, job);

/** The report as the message finds it, with what its generation's end reads (events, changes): not read again then. */
const loadReport = (db: Db, job: AnalysisJob, path: AnalysisPath) =>
  db
    .select({
      ...eventBaseColumns,
      status: reports.status,
      attempts: reports.attempts,
      device: reports.device,
      // The previous completed generation's watched record cannot change while this generation runs.
      previousWatched: previousWatchedColumn,
      ...path.fetchedWith,
    })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(eq(reports.id, job.reportId))
    .get();

/**
 * The generation's end, written once, with the host slot's release (`held`: what the attempt showed of its URL) and
 * what its path does after (a crawl page settles) in the same batch.
 */
async function finish(
  run: Pick<LaneRun, "db" | "queues" | "settings">,
  path: AnalysisPath,
  job: AnalysisJob,
  outcome: AnalysisOutcome,
  loaded?: Parameters<typeof finishGeneration>[6],
  held?: HeldRelease,
) {
  const settling = path.settle(outcome);
  const releases = held?.statements ?? [];
  let results: BatchResults;
  try {
    results = await finishGeneration(run.db, run.queues.webhooks, job, outcome, run.settings, undefined, loaded, [...releases, ...settling.statements]);
  } catch (error) {
    // The batch did not run: the slots are let go on their own (or lapse), and the delivery is retried.
    await held?.release().catch(() => undefined);
    await settling.abandon?.().catch(() => undefined);
    throw error;
  }
  held?.done();
  await settling.after(results.slice(releases.length));
}

/** The dead letters of both lanes: a delivery that crashed on every try fails its generation. */
export async function handleAnalysisDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const run = { db: createDb(env.DB), settings: config(env), queues: queuesOf(env), pool: null };
  await Promise.all(
    batch.messages.map(async (message) => {
      const job = parseJob(message);
      if (job) await finish(run, pathOf(run, job), job, failures.analysisCrashed);
      message.ack();
    }),
  );
}

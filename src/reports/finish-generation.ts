import { sql, type SQL } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import { returnedIds, runBatch, type Statement } from "../db/batch";
import type { Db } from "../db/client";
import { insertHistory, pruneHistory } from "../history/record-generation";
import { config } from "../config";
import { deliveryInsert, type WebhookEventType } from "../webhooks/emit-event";
import { enqueueDeliveries } from "../webhooks/enqueue-deliveries";
import { reportEventData, scoreDropped } from "./report-event";
import type { GenerationRef } from "./analysis-job";
import type { Failure } from "./failures";
import { findReportById } from "./find-report";
import { endGeneration } from "./generation";
import type { ReportRow } from "./serialize";

/**
 * What follows the end of a generation: its history row, pruning, and the webhook deliveries of its events.
 * The history row is inserted only if the report really ended this generation, each delivery only with the
 * history row this very batch wrote, and both under unique keys: a generation is recorded and announced once.
 */
function endedStatements(env: Env, before: ReportRow, job: GenerationRef, outcome: AnalysisOutcome, now: Date): SQL[] {
  const generatedAt = now.toISOString();
  const status = outcome.ok ? "completed" : "failed";
  const data = reportEventData(env, before, outcome, generatedAt);
  const recorded = sql`EXISTS (SELECT 1 FROM report_history WHERE report_id = ${job.reportId} AND generation = ${job.generation} AND status = ${status} AND generated_at = ${generatedAt})`;
  const events: WebhookEventType[] = [outcome.ok ? "report.completed" : "report.failed"];
  if (scoreDropped(before, outcome)) events.push("report.score_dropped");
  return [
    insertHistory(job, outcome, generatedAt),
    pruneHistory(job.reportId, config(env).historyLimit),
    ...events.map((type) =>
      deliveryInsert(before.accountId, type, data, { eventKey: `${type}:${job.reportId}:${job.generation}`, onlyIf: recorded, now }),
    ),
  ];
}

/** Runs the statements in one D1 batch and queues the deliveries the INSERT ... RETURNING statements made. */
async function runAndEnqueue(env: Env, db: Db, statements: Statement[]) {
  await enqueueDeliveries(env, returnedIds(await runBatch(db, statements)));
}

/**
 * Ends a generation in one atomic batch: the conditional UPDATE of the report (only a generation still running
 * ends, once) followed by endedStatements, so an analysis message delivered twice, even concurrently, records
 * and announces the generation exactly once.
 */
export async function finishGeneration(env: Env, db: Db, job: GenerationRef, outcome: AnalysisOutcome, now = new Date()) {
  // The previous score and result are all the events need: the stored results are not read or decompressed.
  const before = await findReportById(db, job.reportId, { results: false });
  if (!before || before.generation !== job.generation) return;
  await runAndEnqueue(env, db, [endGeneration(db, job, outcome, now.toISOString()), ...endedStatements(env, before, job, outcome, now)]);
}

/** For generations another statement already failed (the stale-report sweep): their history and report.failed. */
export async function recordFailedGenerations(env: Env, db: Db, jobs: GenerationRef[], failure: Failure, now = new Date()) {
  const statements: SQL[] = [];
  for (const job of jobs) {
    const report = await findReportById(db, job.reportId, { results: false });
    if (report && report.generation === job.generation) statements.push(...endedStatements(env, report, job, failure, now));
  }
  if (statements.length > 0) await runAndEnqueue(env, db, statements);
}

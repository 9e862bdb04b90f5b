import { sql, type SQL } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import { returnedIds, runBatch, type BatchResults, type Statement } from "../db/batch";
import type { Db } from "../db/client";
import type { Watched } from "../analysis/watched";
import { pageChanges } from "../history/page-changes";
import { insertChanges, previousWatched, pruneChanges } from "../history/record-changes";
import { insertHistory, pruneHistory } from "../history/record-generation";
import { changeEventInserts } from "../webhooks/change-event";
import type { Config } from "../config";
import { deliveryInsert, type WebhookEventType } from "../webhooks/emit-event";
import { enqueueDeliveries } from "../webhooks/enqueue-deliveries";
import { reportEventData, scoreDropped, type EventBase } from "./report-event";
import type { GenerationRef } from "./analysis-job";
import type { Failure } from "../targets/failures";
import { findReportById } from "./find-report";
import { endGeneration } from "./generation";

/** What ending a generation reads: how much history a report keeps, and the origin its events link to. */
export type EndSettings = Pick<Config, "historyLimit" | "publicOrigin">;

/**
 * What follows the end of a generation: its history row, its changes against `previous` (the last completed
 * generation's watched record), pruning, and the webhook deliveries of its events. The history row is inserted only
 * if the report really ended this generation, the changes and each delivery only with the history row this very
 * batch wrote, all under unique keys: a generation is recorded, compared and announced once.
 */
function endedStatements(
  settings: EndSettings,
  before: EventBase,
  job: GenerationRef,
  outcome: AnalysisOutcome,
  now: Date,
  previous: Watched | null = null,
): SQL[] {
  const generatedAt = now.toISOString();
  const status = outcome.ok ? "completed" : "failed";
  const data = reportEventData(before, outcome, generatedAt, settings.publicOrigin);
  const recorded = sql`EXISTS (SELECT 1 FROM report_history WHERE report_id = ${job.reportId} AND generation = ${job.generation} AND status = ${status} AND generated_at = ${generatedAt})`;
  const events: WebhookEventType[] = [outcome.ok ? "report.completed" : "report.failed"];
  if (scoreDropped(before, outcome)) events.push("report.score_dropped");
  const found = outcome.ok && outcome.watched ? pageChanges(previous, outcome.watched) : [];
  const owner = { accountId: before.accountId, project: before.project, reportId: job.reportId, generation: job.generation };
  const eventKey = (type: string) => `${type}:${job.reportId}:${job.generation}`;
  return [
    insertHistory(job, outcome, generatedAt),
    ...insertChanges(owner, found, generatedAt, recorded),
    // A report keeps one history row per generation (1, 2, ...): up to the limit's generation there is nothing to prune.
    ...(job.generation > settings.historyLimit ? [pruneChanges(job.reportId, settings.historyLimit), pruneHistory(job.reportId, settings.historyLimit)] : []),
    ...events.map((type) => deliveryInsert(before.accountId, type, data, { eventKey: eventKey(type), onlyIf: recorded, now })),
    ...changeEventInserts(before.accountId, "report.changed", data, found, { eventKey: eventKey("report.changed"), onlyIf: recorded, now }),
  ];
}

/**
 * Runs the statements in one D1 batch, then `riders` (another module's statements, in the same round trip), and queues
 * the deliveries the INSERT ... RETURNING statements made (of `statements` only). Returns the riders' results.
 */
async function runAndEnqueue(db: Db, webhookQueue: Queue, statements: Statement[], riders: Statement[] = []) {
  const results = await runBatch(db, [...statements, ...riders]);
  await enqueueDeliveries(webhookQueue, returnedIds(results.slice(0, statements.length)));
  return results.slice(statements.length);
}

/**
 * Ends a generation in one atomic batch: the conditional UPDATE of the report (only a generation still running
 * ends, once) followed by endedStatements, so an analysis message delivered twice, even concurrently, records
 * and announces the generation exactly once. `loaded` is the report as its consumer read it for this generation
 * (`eventBaseColumns` and the previous completed generation's watched record: neither changes while the generation
 * runs, only its end writes them), which saves reading both again; without it, they are read here. `riders` (what
 * follows the end, such as a crawl page's settle) ride in the same batch after the end's statements, or run alone when
 * the report has no such generation any more; their results are returned.
 */
export async function finishGeneration(
  db: Db,
  webhookQueue: Queue,
  job: GenerationRef,
  outcome: AnalysisOutcome,
  settings: EndSettings,
  now = new Date(),
  loaded?: EventBase & { previousWatched: Watched | null },
  riders: Statement[] = [],
): Promise<BatchResults> {
  // The previous score and result are all the events need: the stored results are not read or decompressed.
  const before = loaded ?? (await findReportById(db, job.reportId, { results: false }));
  if (!before || before.generation !== job.generation) return riders.length > 0 ? await runBatch(db, riders) : [];
  const changes = outcome.ok && outcome.watched;
  const previous = !changes ? null : loaded ? loaded.previousWatched : await previousWatched(db, job.reportId, job.generation);
  const ending = [endGeneration(db, job, outcome, now.toISOString()), ...endedStatements(settings, before, job, outcome, now, previous)];
  return await runAndEnqueue(db, webhookQueue, ending, riders);
}

/** For generations another statement already failed (the stale-report sweep): their history and report.failed. */
export async function recordFailedGenerations(
  db: Db,
  webhookQueue: Queue,
  jobs: GenerationRef[],
  failure: Failure,
  settings: EndSettings,
  now = new Date(),
) {
  const statements: SQL[] = [];
  for (const job of jobs) {
    const report = await findReportById(db, job.reportId, { results: false });
    if (report && report.generation === job.generation) statements.push(...endedStatements(settings, report, job, failure, now));
  }
  if (statements.length > 0) await runAndEnqueue(db, webhookQueue, statements);
}

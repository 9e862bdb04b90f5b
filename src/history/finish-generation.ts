import { sql } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import { toStatement } from "../db/statement";
import type { AnalysisJob, Db } from "../env";
import { historyLimit } from "../monitoring/settings";
import { saveOutcome } from "../queue/save-outcome";
import { findReportById } from "../reports/find-report";
import { deliveryInsert, type WebhookEventType } from "../webhooks/emit-event";
import { enqueueDeliveries } from "../webhooks/enqueue-deliveries";
import { reportEventData, scoreDropped } from "../webhooks/report-event";
import { insertHistory, pruneHistory } from "./record-generation";

/**
 * Ends a generation in one atomic batch: the conditional UPDATE of the report, its history row, pruning, and
 * the webhook deliveries of its events. The history row and each delivery are inserted only if that UPDATE
 * took effect, and only once per generation (unique keys), so an analysis message delivered twice, even
 * concurrently, records and announces the generation exactly once.
 */
export async function finishGeneration(env: Env, db: Db, job: AnalysisJob, outcome: AnalysisOutcome, now = new Date()) {
  const before = await findReportById(db, job.reportId);
  if (!before || before.generation !== job.generation) return;
  const generatedAt = now.toISOString();
  const status = outcome.ok ? "completed" : "failed";
  const data = reportEventData(env, before, outcome, generatedAt);
  const ended = sql`EXISTS (SELECT 1 FROM report_history WHERE report_id = ${job.reportId} AND generation = ${job.generation} AND status = ${status} AND generated_at = ${generatedAt})`;
  const event = (type: WebhookEventType) =>
    deliveryInsert(before.accountId, type, data, { eventKey: `${type}:${job.reportId}:${job.generation}`, onlyIf: ended, now });
  const events: WebhookEventType[] = [outcome.ok ? "report.completed" : "report.failed"];
  if (scoreDropped(before, outcome)) events.push("report.score_dropped");
  const [, , , ...inserted] = await env.DB.batch<{ id: number }>(
    [saveOutcome(db, job, outcome, generatedAt), insertHistory(job, outcome, generatedAt), pruneHistory(job.reportId, historyLimit(env)), ...events.map(event)].map(
      (query) => toStatement(env.DB, query),
    ),
  );
  const ids = inserted.flatMap((result) => result.results.map((row) => row.id));
  await enqueueDeliveries(env, ids);
}

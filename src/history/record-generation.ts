import { sql } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
/** The generation a history row records (an analysis job has at least these). */
type Generation = { reportId: number; generation: number };

/** Check ids that failed, sorted: the compact trace of a generation kept in its history row. */
export const failedCheckIds = (results: Record<string, { passed: boolean }>) =>
  Object.entries(results)
    .filter(([, verdict]) => !verdict.passed)
    .map(([id]) => id)
    .sort();

/**
 * The history row of a generation that just ended, inserted only if the report really ended this generation
 * (the conditional UPDATE before it in the same batch succeeded) and only once: the unique
 * (report_id, generation) index turns a duplicate delivery of the analysis message into a no-op.
 */
export function insertHistory(job: Generation, outcome: AnalysisOutcome, generatedAt: string) {
  const status = outcome.ok ? "completed" : "failed";
  const row = outcome.ok
    ? { score: outcome.score, result: outcome.result, ...outcome.issues, failed: failedCheckIds(outcome.results), code: null, message: null }
    : { score: null, result: null, high: 0, medium: 0, low: 0, failed: [], code: outcome.code, message: outcome.message };
  const metrics = outcome.ok && outcome.metrics ? JSON.stringify(outcome.metrics) : null;
  const field = outcome.ok && outcome.field ? JSON.stringify(outcome.field) : null;
  return sql`
    INSERT OR IGNORE INTO report_history
      (report_id, generation, status, score, result, issues_high, issues_medium, issues_low, failed_checks, metrics, field, error_code, error_message, generated_at, watched)
    SELECT ${job.reportId}, ${job.generation}, ${status}, ${row.score}, ${row.result}, ${row.high}, ${row.medium}, ${row.low},
      ${JSON.stringify(row.failed)}, ${metrics}, ${field}, ${row.code}, ${row.message}, ${generatedAt}, ${outcome.ok && outcome.watched ? JSON.stringify(outcome.watched) : null}
    WHERE EXISTS (SELECT 1 FROM reports WHERE id = ${job.reportId} AND generation = ${job.generation} AND status = ${status})`;
}

/** Keeps the newest `limit` rows of the report. */
export const pruneHistory = (reportId: number, limit: number) =>
  sql`
    DELETE FROM report_history WHERE report_id = ${reportId} AND generation <= (
      SELECT generation FROM report_history WHERE report_id = ${reportId} ORDER BY generation DESC LIMIT 1 OFFSET ${limit})`;

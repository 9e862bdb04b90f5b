import type { LabMetrics, Results } from "../analysis/types";
import type { Report } from "../db/schema";

// Here rather than beside the schedule SQL (schedules/next-run.ts): the command line serialises reports too, and
// importing that module would bundle Drizzle into it.
const isoOrNull = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000).toISOString());

/** A report as read from D1, `results` still in its stored form. */
export type StoredReportRow = Omit<Report, "authSecret"> & { project: string };
/** A report with `results` decoded (find-report.ts `withResults`). */
export type ReportRow = Omit<StoredReportRow, "results"> & { results: Results | null };

/** What one analysis left on a report: a stored row, or an outcome the command line never stores. */
export type AnalysisState = Pick<
  Report,
  "finalUrl" | "status" | "score" | "result" | "issuesHigh" | "issuesMedium" | "issuesLow" | "errorCode" | "errorMessage" | "generatedAt"
> & { results: Results | null | undefined; metrics?: LabMetrics | null };

/** The analysis fields of the report resource: the API and `pagegrade audit --format json` both print these. */
export function toAnalysisResource(state: AnalysisState) {
  return {
    final_url: state.finalUrl,
    status: state.status,
    score: state.score,
    result: state.result,
    issues: { high: state.issuesHigh, medium: state.issuesMedium, low: state.issuesLow },
    results: state.results ?? null,
    metrics: state.metrics ?? null,
    error: state.errorCode ? { code: state.errorCode, message: state.errorMessage ?? "" } : null,
    generated_at: state.generatedAt,
  };
}

/**
 * The report resource (docs/api.md "Shapes"). The password itself never leaves the database: only whether one is set;
 * of `auth` only its type and header names.
 */
export function toReportResource(row: ReportRow, origin: string) {
  const { final_url, status, score, result, issues, results, metrics, error, generated_at } = toAnalysisResource(row);
  return {
    id: row.id,
    url: row.url,
    final_url,
    project: row.project,
    privacy: row.privacy,
    render: row.render,
    device: row.device,
    password: row.passwordHash !== null,
    auth: row.authSummary ?? null,
    status,
    score,
    previous_score: row.previousScore ?? null,
    result,
    issues,
    results,
    metrics,
    error,
    ...retryState(row),
    schedule: row.schedule,
    next_run_at: isoOrNull(row.nextRunAt),
    page_url: `${origin}/reports/${row.id}`,
    generated_at,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * What a running generation is waiting for (docs/operations.md "Slow lane and retries"): attempts made so far (null
 * once it ended), and while a retry is due, its last temporary failure and when the next attempt starts.
 */
export function retryState(row: Pick<ReportRow, "status" | "attempts" | "lastErrorCode" | "lastErrorMessage" | "lastErrorAt" | "nextAttemptAt" | "updatedAt">) {
  const running = row.status === "queued" || row.status === "processing";
  const retrying = running && row.nextAttemptAt !== null;
  return {
    attempts: running ? row.attempts : null,
    last_error: retrying && row.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? "", at: row.lastErrorAt ?? row.updatedAt } : null,
    next_attempt_at: retrying ? row.nextAttemptAt : null,
  };
}

export type ReportResource = ReturnType<typeof toReportResource>;

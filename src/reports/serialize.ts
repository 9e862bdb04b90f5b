import type { Report } from "../db/schema";
import { isoOrNull } from "../schedules/next-run";

export type ReportRow = Report & { project: string };

/** The report resource of decisions.md. The password itself never leaves the database: only whether one is set. */
export function toReportResource(row: ReportRow, origin: string) {
  return {
    id: row.id,
    url: row.url,
    final_url: row.finalUrl,
    project: row.project,
    privacy: row.privacy,
    password: row.passwordHash !== null,
    status: row.status,
    score: row.score,
    previous_score: row.previousScore,
    result: row.result,
    issues: { high: row.issuesHigh, medium: row.issuesMedium, low: row.issuesLow },
    results: row.results ?? null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    page_url: `${origin}/reports/${row.id}`,
    schedule: row.schedule,
    next_run_at: isoOrNull(row.nextRunAt),
    generated_at: row.generatedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type ReportResource = ReturnType<typeof toReportResource>;

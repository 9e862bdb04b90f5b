import type { Results } from "../analysis/types";
import type { Report } from "../db/schema";

/** A report as read from D1, `results` still in its stored form. */
export type StoredReportRow = Report & { project: string };
/** A report with `results` decoded (find-report.ts `withResults`). */
export type ReportRow = Omit<StoredReportRow, "results"> & { results: Results | null };

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
    result: row.result,
    issues: { high: row.issuesHigh, medium: row.issuesMedium, low: row.issuesLow },
    results: row.results,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    page_url: `${origin}/reports/${row.id}`,
    generated_at: row.generatedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type ReportResource = ReturnType<typeof toReportResource>;

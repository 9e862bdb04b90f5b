import type { HistoryRow } from "../db/schema";
import type { Changes } from "./changes";

export const toHistoryEntry = ({ row, changes }: { row: HistoryRow; changes: Changes | null }) => ({
  generation: row.generation,
  status: row.status,
  score: row.score,
  result: row.result,
  issues: { high: row.issuesHigh, medium: row.issuesMedium, low: row.issuesLow },
  failed_checks: row.failedChecks,
  metrics: row.metrics ?? null,
  field: row.field ?? null,
  error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
  generated_at: row.generatedAt,
  changes,
});

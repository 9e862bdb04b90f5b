import type { HistoryRow } from "../db/schema";

export interface Changes {
  score_delta: number;
  newly_failed: string[];
  newly_passed: string[];
}

/** What a completed generation changed against the previous completed one; null without one to compare. */
export function changesBetween(current: HistoryRow, previous: HistoryRow | undefined): Changes | null {
  if (current.status !== "completed" || !previous || previous.score === null || current.score === null) return null;
  const failed = new Set(current.failedChecks);
  const before = new Set(previous.failedChecks);
  return {
    score_delta: current.score - previous.score,
    newly_failed: current.failedChecks.filter((id) => !before.has(id)),
    newly_passed: previous.failedChecks.filter((id) => !failed.has(id)),
  };
}

/** Pairs each row (newest first) with the next older completed row, looking into `older` past the page. */
export function withChanges(rows: HistoryRow[], older: HistoryRow | undefined) {
  return rows.map((row, index) => {
    const previous = rows.slice(index + 1).find((r) => r.status === "completed") ?? older;
    return { row, changes: changesBetween(row, previous) };
  });
}

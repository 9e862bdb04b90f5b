import { describe, expect, it } from "vitest";
import type { HistoryRow } from "../../src/db/schema";
import { toHistoryEntry } from "../../src/history/serialize";

const base: HistoryRow = {
  id: 9,
  reportId: 2,
  generation: 3,
  status: "completed",
  score: 77,
  result: "decent",
  issuesHigh: 1,
  issuesMedium: 2,
  issuesLow: 3,
  metrics: null,
  watched: null,
  failedChecks: ["title"],
  errorCode: null,
  errorMessage: null,
  generatedAt: "2026-01-01T00:00:00.000Z",
};

describe("a history entry", () => {
  it("shows a generation's verdict, its failed checks and its changes, and no row ids", () => {
    const changes = { score_delta: 4, newly_failed: [], newly_passed: ["h1"] };
    expect(toHistoryEntry({ row: base, changes })).toEqual({
      generation: 3,
      status: "completed",
      score: 77,
      result: "decent",
      issues: { high: 1, medium: 2, low: 3 },
      failed_checks: ["title"],
      error: null,
      generated_at: "2026-01-01T00:00:00.000Z",
      metrics: null,
      changes,
    });
  });

  it("shows a failed generation's error", () => {
    const failed = { ...base, status: "failed" as const, score: null, result: null, errorCode: "timeout", errorMessage: "The page did not answer." };
    expect(toHistoryEntry({ row: failed, changes: null }).error).toEqual({ code: "timeout", message: "The page did not answer." });
    expect(toHistoryEntry({ row: { ...failed, errorMessage: null }, changes: null }).error).toEqual({ code: "timeout", message: "" });
  });
});

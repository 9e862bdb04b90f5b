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
  field: null,
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
      field: null,
      changes,
    });
  });

  it("shows the field p75 kept with the generation, as stored", () => {
    const field = { source: "origin" as const, form_factor: "PHONE" as const, collection_period: null, p75: { lcp_ms: 2400, inp_ms: null, cls: 0.08, fcp_ms: 1500, ttfb_ms: 800 } };
    expect(toHistoryEntry({ row: { ...base, field }, changes: null }).field).toEqual(field);
  });

  it("shows a failed generation's error", () => {
    const failed = { ...base, status: "failed" as const, score: null, result: null, errorCode: "timeout", errorMessage: "The page did not answer." };
    expect(toHistoryEntry({ row: failed, changes: null }).error).toEqual({ code: "timeout", message: "The page did not answer." });
    expect(toHistoryEntry({ row: { ...failed, errorMessage: null }, changes: null }).error).toEqual({ code: "timeout", message: "" });
  });
});

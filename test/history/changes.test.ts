import { describe, expect, it } from "vitest";
import type { HistoryRow } from "../../src/db/schema";
import { changesBetween, withChanges } from "../../src/history/changes";

let nextId = 1;
const row = (status: "completed" | "failed", score: number | null, failedChecks: string[]): HistoryRow => ({
  id: nextId++,
  reportId: 1,
  generation: nextId,
  status,
  score,
  result: null,
  issuesHigh: 0,
  issuesMedium: 0,
  issuesLow: 0,
  metrics: null,
  field: null,
  watched: null,
  failedChecks,
  errorCode: null,
  errorMessage: null,
  generatedAt: "2026-01-01T00:00:00.000Z",
});

describe("what a generation changed", () => {
  it("is the score's delta and the checks newly failed and newly passed", () => {
    const before = row("completed", 80, ["title", "meta_description"]);
    const now = row("completed", 72, ["meta_description", "h1", "canonical"]);
    expect(changesBetween(now, before)).toEqual({ score_delta: -8, newly_failed: ["h1", "canonical"], newly_passed: ["title"] });
  });

  it("is null for a failed generation, without a previous one, or where a score is missing", () => {
    const done = row("completed", 80, []);
    expect(changesBetween(row("failed", null, []), done)).toBeNull();
    expect(changesBetween(done, undefined)).toBeNull();
    expect(changesBetween(done, row("completed", null, []))).toBeNull();
  });

  it("compares each row of a page with the next older completed one, skipping failures, and past the page with `older`", () => {
    const older = row("completed", 50, ["a"]);
    const third = row("completed", 60, []);
    const failed = row("failed", null, []);
    const newest = row("completed", 65, ["b"]);
    const paired = withChanges([newest, failed, third], older);
    expect(paired.map((p) => p.changes)).toEqual([
      { score_delta: 5, newly_failed: ["b"], newly_passed: [] },
      null,
      { score_delta: 10, newly_failed: [], newly_passed: ["a"] },
    ]);
    expect(withChanges([third], undefined)[0]!.changes).toBeNull();
  });
});

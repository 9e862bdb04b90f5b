import { describe, expect, it } from "vitest";
import { csvLine } from "../../src/http/csv";
import { verdictColumns } from "../../src/reports/csv-columns";

describe("a report's verdict as CSV cells", () => {
  const columns = verdictColumns();

  it("has the same six columns, in order, wherever a report is exported", () => {
    expect(columns.map((c) => c.header)).toEqual(["status", "score", "result", "issues_high", "issues_medium", "issues_low"]);
  });

  it("writes a verdict's values, and empty cells for a page without one", () => {
    const done = { status: "completed", score: 87, result: "good", issuesHigh: 0, issuesMedium: 2, issuesLow: 5 } as const;
    expect(csvLine(columns.map((c) => c.value(done)))).toBe("completed,87,good,0,2,5\r\n");
    const none = { status: null, score: null, result: null, issuesHigh: null, issuesMedium: null, issuesLow: null };
    expect(csvLine(columns.map((c) => c.value(none)))).toBe(",,,,,\r\n");
  });
});

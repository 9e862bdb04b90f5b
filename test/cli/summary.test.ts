import { describe, expect, it } from "vitest";
import { summaryLine } from "../../src/cli/summary";

const page = (status: "completed" | "failed", passed: boolean) => ({ report: { status }, budget: { passed, reasons: [] } });
const run = (pages: ReturnType<typeof page>[], site: unknown = null) => ({ pages, site, budget: { minScore: null, failOn: null }, baseline: null }) as never;

describe("summaryLine", () => {
  it("counts the pages that meet the budget, those that do not and those that could not be analysed", () => {
    expect(summaryLine(run([page("completed", true), page("completed", false), page("failed", false)]))).toBe("3 pages: 1 meets the budget, 1 does not, 1 could not be analysed.");
    expect(summaryLine(run([page("completed", true), page("completed", true)]))).toBe("2 pages: 2 meet the budget, 0 do not.");
    expect(summaryLine(run([page("completed", false)]))).toBe("1 page: 0 meet the budget, 1 does not.");
  });

  it("adds a crawl's site checks and whether the site meets the budget", () => {
    expect(summaryLine(run([page("completed", true)], { failed: [{ id: "orphan_pages" }], budget: { passed: false } }))).toBe(
      "1 page: 1 meets the budget, 0 do not. Site: 1 failed site check, does not meet the budget.",
    );
    expect(summaryLine(run([page("completed", true)], { failed: [], budget: { passed: true } }))).toBe("1 page: 1 meets the budget, 0 do not. Site: 0 failed site checks, meets the budget.");
  });
});

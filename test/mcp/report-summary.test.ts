import { describe, expect, it } from "vitest";
import { checksById } from "../../src/analysis/checks/index";
import { describeReport, failedChecks, toReportSummary } from "../../src/mcp/report-summary";
import type { ReportResource } from "../../src/reports/serialize";

const [low, high] = [...checksById.values()].filter((c) => c.importance === "low").slice(0, 1).concat([...checksById.values()].filter((c) => c.importance === "high").slice(0, 1));
const verdict = (id: string, passed: boolean) => ({ passed, category: checksById.get(id)!.category, importance: checksById.get(id)!.importance, value: "v" });
const report = (over: Partial<ReportResource>) =>
  ({ id: 3, url: "https://a.example/", status: "completed", score: 72, result: "needs work", error: null, page_url: "https://pagegrade.test/reports/3", results: null, ...over }) as unknown as ReportResource;

describe("failedChecks", () => {
  it("lists the failed checks, most important first, with the registry's title and fix", () => {
    const failed = failedChecks({ [low!.id]: verdict(low!.id, false), [high!.id]: verdict(high!.id, false), passed: { ...verdict(high!.id, true) } } as never);
    expect(failed.map((c) => c.id)).toEqual([high!.id, low!.id]);
    expect(failed[0]).toMatchObject({ title: high!.title, fix: high!.fix, importance: "high", value: "v" });
    expect(failedChecks(null as never)).toEqual([]);
  });
});

describe("toReportSummary and describeReport", () => {
  it("keep every check only on request, and say the score and failures in one line", () => {
    const results = { [high!.id]: verdict(high!.id, false) };
    const summary = toReportSummary(report({ results } as never));
    expect(summary).not.toHaveProperty("results");
    expect(toReportSummary(report({ results } as never), { allChecks: true }).results).toEqual(results);
    expect(describeReport(summary)).toBe(`Report 3 for https://a.example/: score 72 (needs work), 1 failed check: ${high!.id} (high). Full report: https://pagegrade.test/reports/3`);
    expect(describeReport(toReportSummary(report({ results: {} } as never)))).toContain("every check passed");
  });

  it("tell an agent to poll a running report, and why a failed one failed", () => {
    expect(describeReport(toReportSummary(report({ status: "queued" } as never)))).toBe("Report 3 for https://a.example/ is queued; call get_report with id 3 in a few seconds for the result.");
    expect(describeReport(toReportSummary(report({ status: "failed", error: { code: "timeout", message: "The page took too long" } } as never)))).toBe("Report 3 for https://a.example/ failed: The page took too long.");
  });
});

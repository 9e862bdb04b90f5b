import { describe, expect, inject, it } from "vitest";
import { checks } from "../../src/analysis/checks/index";
import { toReportResource } from "../../src/reports/serialize";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const sample = `${origin}/fixtures/sample-page.html`;

// A command-line run has no account, schedule, history or queue retries: what only a stored report has.
const accountOnly = ["id", "privacy", "password", "previous_score", "schedule", "next_run_at", "page_url", "created_at", "updated_at", "attempts", "last_error", "next_attempt_at"];

describe("--format json", () => {
  it("prints one report per page in the API's report shape", async () => {
    const run = await runCli(["audit", sample, "--allow-private", "--format", "json", "--min-score", "100"]);
    expect(run.code, run.stderr).toBe(1);
    const body = JSON.parse(run.stdout);
    expect(body.budget).toEqual({ min_score: 100, fail_on: null });
    expect(body.passed).toBe(false);
    const [report] = body.data;
    // The API's resource, from the API's own serializer, minus what only a stored report has.
    const apiKeys = Object.keys(
      toReportResource(
        { id: 1, url: sample, project: "127.0.0.1", privacy: 0, passwordHash: null, createdAt: "", updatedAt: "" } as never,
        "https://pagegrade.test",
      ),
    ).filter((key) => !accountOnly.includes(key));
    expect(Object.keys(report).sort()).toEqual([...apiKeys, "budget"].sort());
    expect(report).toMatchObject({ url: sample, final_url: sample, project: "127.0.0.1", status: "completed", error: null });
    expect(report.result).toMatch(/^(good|decent|bad)$/);
    expect(Object.keys(report.results).sort()).toEqual(checks.map((check) => check.id).sort());
    for (const check of checks) expect(report.results[check.id]).toMatchObject({ category: check.category, importance: check.importance });
    const failed = Object.values(report.results as Record<string, { passed: boolean }>).filter((r) => !r.passed).length;
    expect(report.issues.high + report.issues.medium + report.issues.low).toBe(failed);
    expect(report.budget).toEqual({ passed: false, reasons: [`score ${report.score} is below 100`] });
    expect(Date.parse(report.generated_at)).not.toBeNaN();
  });
});

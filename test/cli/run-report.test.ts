import { describe, expect, it } from "vitest";
import { runPassed } from "../../src/cli/run-report";

const run = (pages: boolean[], site: boolean | null = null) =>
  ({ pages: pages.map((passed) => ({ budget: { passed } })), site: site === null ? null : { budget: { passed: site } }, budget: { minScore: null, failOn: null }, baseline: null }) as never;

describe("runPassed", () => {
  it("passes when every page and the site meet the budget", () => {
    expect(runPassed(run([true, true]))).toBe(true);
    expect(runPassed(run([true], true))).toBe(true);
    expect(runPassed(run([]))).toBe(true);
  });

  it("fails on one page below the budget, or on the site", () => {
    expect(runPassed(run([true, false]))).toBe(false);
    expect(runPassed(run([true], false))).toBe(false);
  });
});

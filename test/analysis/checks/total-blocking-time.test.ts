import { describe, expect, it } from "vitest";
import { totalBlockingTime } from "../../../src/analysis/checks/total-blocking-time";
import { labMetrics, makePage, measuredPage } from "../../helpers/page";

describe("total_blocking_time check", () => {
  it("passes at 200 ms, with the long tasks counted and the longest", () => {
    const v = totalBlockingTime.run(measuredPage(labMetrics({ tbt_ms: 200, long_tasks: 2, longest_task_ms: 180 })));
    expect(v).toEqual({ passed: true, value: { ms: 200, rating: "good", long_tasks: 2, longest_task_ms: 180, device: "mobile" } });
  });

  it("fails past 200 ms: needs improvement to 600, poor beyond", () => {
    const v = totalBlockingTime.run(measuredPage(labMetrics({ tbt_ms: 650, long_tasks: 1, longest_task_ms: 700, device: "desktop" })));
    expect(v).toEqual({ passed: false, value: { ms: 650, rating: "poor", long_tasks: 1, longest_task_ms: 700, device: "desktop" }, errors: { blocking: { ms: 650, max_ms: 200 } } });
    expect((totalBlockingTime.run(measuredPage(labMetrics({ tbt_ms: 600 }))).value as { rating: string }).rating).toBe("needs_improvement");
    expect(totalBlockingTime.run(measuredPage(labMetrics({ tbt_ms: 201 }))).passed).toBe(false);
  });

  it("does not apply without rendering", () => {
    expect(totalBlockingTime.run(makePage("<p>x</p>"))).toMatchObject({ passed: true, applicable: false });
  });
});

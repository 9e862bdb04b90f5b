import { describe, expect, it } from "vitest";
import { cumulativeLayoutShift } from "../../../src/analysis/checks/cumulative-layout-shift";
import { labMetrics, makePage, measuredPage } from "../../helpers/page";

const shift = { score: 0.18, at_ms: 1200, elements: [{ selector: "body > main > p", snippet: "<p>" }] };

describe("cumulative_layout_shift check", () => {
  it("passes at 0.1", () => {
    const v = cumulativeLayoutShift.run(measuredPage(labMetrics({ cls: 0.1 })));
    expect(v).toEqual({ passed: true, value: { score: 0.1, rating: "good", shifts: [], device: "mobile" } });
  });

  it("fails past 0.1 with the shifts and the elements that moved: needs improvement to 0.25, poor beyond", () => {
    const v = cumulativeLayoutShift.run(measuredPage(labMetrics({ cls: 0.18, layout_shifts: [shift] })));
    expect(v).toEqual({ passed: false, value: { score: 0.18, rating: "needs_improvement", shifts: [shift], device: "mobile" }, errors: { layout_shift: { score: 0.18, max: 0.1 } } });
    expect((cumulativeLayoutShift.run(measuredPage(labMetrics({ cls: 0.25 }))).value as { rating: string }).rating).toBe("needs_improvement");
    expect((cumulativeLayoutShift.run(measuredPage(labMetrics({ cls: 0.2501 }))).value as { rating: string }).rating).toBe("poor");
  });

  it("does not apply without rendering", () => {
    const v = cumulativeLayoutShift.run(makePage("<p>x</p>"));
    expect(v).toMatchObject({ passed: true, applicable: false });
    expect((v.value as { reason: string }).reason).toMatch(/needs render=1/);
  });
});

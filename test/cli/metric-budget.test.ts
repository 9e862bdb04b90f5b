import { describe, expect, it } from "vitest";
import { budgetsField, budgetsLab, metricBudgetReasons, parseMetricBudget } from "../../src/cli/metric-budget";
import type { FieldRecord } from "../../src/analysis/types";

const field = (p75: Partial<FieldRecord["p75"]>): FieldRecord => ({
  source: "url",
  form_factor: "PHONE",
  collection_period: null,
  p75: { lcp_ms: 1800, inp_ms: 120, cls: 0.03, fcp_ms: 1000, ttfb_ms: 400, ...p75 },
});

describe("--budget", () => {
  it("takes lab and field names together, and says what it takes otherwise", () => {
    const parsed = parseMetricBudget("lcp=2500,field_lcp=2000,field_inp=200,field_cls=0.1");
    expect(parsed).toEqual({ value: { lcp: 2500, field_lcp: 2000, field_inp: 200, field_cls: 0.1 } });
    const value = (parsed as { value: object }).value;
    expect([budgetsLab(value), budgetsField(value)]).toEqual([true, true]);
    expect(budgetsLab({ field_cls: 0.1 })).toBe(false);
    expect(parseMetricBudget("field_fcp=1000")).toMatchObject({ problem: expect.stringContaining("field_lcp=MS, field_inp=MS, field_cls=SCORE") });
  });

  it("holds the field p75 to the field budget, leaving out a vital CrUX has no data for", () => {
    const budget = { field_lcp: 2500, field_inp: 200, field_cls: 0.1 };
    expect(metricBudgetReasons({ field: field({}) }, budget)).toEqual([]);
    expect(metricBudgetReasons({ field: field({ lcp_ms: 3100, inp_ms: null, cls: 0.2 }) }, budget)).toEqual([
      "field LCP p75 3100 ms is over 2500 ms",
      "field CLS p75 0.2 is over 0.1",
    ]);
    expect(metricBudgetReasons({ field: null }, budget)).toEqual(["no field data to hold to --budget (see core_web_vitals)"]);
  });

  it("asks for lab metrics only when the budget names one", () => {
    expect(metricBudgetReasons({ metrics: null, field: field({}) }, { field_lcp: 2500 })).toEqual([]);
    expect(metricBudgetReasons({ metrics: null, field: field({}) }, { lcp: 2500 })).toEqual(["no lab metrics to hold to --budget (audit with --render)"]);
  });
});

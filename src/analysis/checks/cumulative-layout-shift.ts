import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { labMetrics, rate, thresholds } from "./experience-helpers";

/** CLS while the rendered page loaded (docs/analysis.md "Page experience"): passes at most 0.1, Google's "good". */
export const cumulativeLayoutShift: Check = {
  id: "cumulative_layout_shift",
  category: "performance",
  importance: "high",
  title: "The page does not jump while it loads (Cumulative Layout Shift at most 0.1)",
  fix: "Reserve room for what arrives late: give images, videos, iframes and ads width and height (or aspect-ratio), never insert content above what is already shown, and load web fonts with font-display: optional or matching fallback metrics.",
  readsDom: false,
  run(page) {
    const lab = labMetrics(page);
    if ("verdict" in lab) return lab.verdict;
    const { cls: score, layout_shifts: shifts, device } = lab.metrics;
    const rating = rate(score, thresholds.cls);
    const value = { score, rating, shifts, device };
    return rating === "good" ? pass(value) : fail(value, { layout_shift: { score, max: thresholds.cls.good } });
  },
};

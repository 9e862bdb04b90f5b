import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { labMetrics, rate, thresholds } from "./experience-helpers";

/** LCP in the rendered page (docs/analysis.md "Page experience"): passes at most 2.5 s, Google's "good". */
export const largestContentfulPaint: Check = {
  id: "largest_contentful_paint",
  category: "performance",
  importance: "high",
  title: "The main content shows within 2.5 s (Largest Contentful Paint)",
  fix: "Make the largest element arrive early: serve its image small and in a modern format, preload it or give it fetchpriority=\"high\" (never loading=\"lazy\"), cut render-blocking CSS and script, and speed up the server response.",
  readsDom: false,
  run(page) {
    const lab = labMetrics(page);
    if ("verdict" in lab) return lab.verdict;
    const { lcp_ms: ms, lcp_element: element, device } = lab.metrics;
    if (ms === null) return notApplicable({ reason: "The page painted no contentful element while it was measured.", device });
    const rating = rate(ms, thresholds.lcp);
    const value = { ms, rating, element, device };
    return rating === "good" ? pass(value) : fail(value, { slow_lcp: { ms, max_ms: thresholds.lcp.good } });
  },
};

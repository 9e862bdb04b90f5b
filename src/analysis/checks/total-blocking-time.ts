import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { labMetrics, rate, thresholds } from "./experience-helpers";

/** TBT of the rendered page, as Lighthouse sums it (docs/analysis.md "Page experience"): passes at most 200 ms. */
export const totalBlockingTime: Check = {
  id: "total_blocking_time",
  category: "performance",
  importance: "medium",
  title: "Script does not block the page for long (Total Blocking Time at most 200 ms)",
  fix: "Split long JavaScript tasks (yield to the browser every 50 ms), defer or drop third-party scripts, and do less work on load: the longest task is named below.",
  readsDom: false,
  run(page) {
    const lab = labMetrics(page);
    if ("verdict" in lab) return lab.verdict;
    const { tbt_ms: ms, long_tasks: longTasks, longest_task_ms: longestMs, device } = lab.metrics;
    const rating = rate(ms, thresholds.tbt);
    const value = { ms, rating, long_tasks: longTasks, longest_task_ms: longestMs, device };
    return rating === "good" ? pass(value) : fail(value, { blocking: { ms, max_ms: thresholds.tbt.good } });
  },
};

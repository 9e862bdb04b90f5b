import type { LabMetrics } from "../analysis/types";

/** `--budget lcp=2500,cls=0.1,tbt=200`: the most each lab metric may be (LCP and TBT in ms). */
export interface MetricBudget {
  lcp?: number;
  cls?: number;
  tbt?: number;
}

const names = ["lcp", "cls", "tbt"] as const;

/** The flag's value, or the one-line problem with it. */
export function parseMetricBudget(raw: string): { value: MetricBudget } | { problem: string } {
  const budget: MetricBudget = {};
  for (const part of raw.split(",")) {
    const [name, value, extra] = part.trim().split("=");
    if (!names.includes(name as (typeof names)[number]) || value === undefined || extra !== undefined || !/^\d+(\.\d+)?$/.test(value)) {
      return { problem: `--budget takes lcp=MS, cls=SCORE and tbt=MS separated by commas (lcp=2500,cls=0.1,tbt=200), not "${raw}".` };
    }
    budget[name as (typeof names)[number]] = Number(value);
  }
  return { value: budget };
}

/** Why the page's lab metrics are over the budget; a page without metrics (not rendered) is, saying so. */
export function metricBudgetReasons(metrics: LabMetrics | null | undefined, budget: MetricBudget): string[] {
  if (!metrics) return ["no lab metrics to hold to --budget (audit with --render)"];
  const reasons: string[] = [];
  if (budget.lcp !== undefined && (metrics.lcp_ms === null || metrics.lcp_ms > budget.lcp)) {
    reasons.push(metrics.lcp_ms === null ? "no LCP was measured" : `LCP ${metrics.lcp_ms} ms is over ${budget.lcp} ms`);
  }
  if (budget.cls !== undefined && metrics.cls > budget.cls) reasons.push(`CLS ${metrics.cls} is over ${budget.cls}`);
  if (budget.tbt !== undefined && metrics.tbt_ms > budget.tbt) reasons.push(`TBT ${metrics.tbt_ms} ms is over ${budget.tbt} ms`);
  return reasons;
}

import type { FieldRecord, LabMetrics } from "../analysis/types";

/**
 * `--budget lcp=2500,cls=0.1,tbt=200,field_lcp=2500,field_inp=200,field_cls=0.1`: the most each lab metric (a rendered
 * page's) and each field p75 (the Chrome UX Report's, with CRUX_API_KEY) may be; milliseconds but for CLS.
 */
export interface MetricBudget {
  lcp?: number;
  cls?: number;
  tbt?: number;
  field_lcp?: number;
  field_inp?: number;
  field_cls?: number;
}

const labNames = ["lcp", "cls", "tbt"] as const;
const fieldNames = ["field_lcp", "field_inp", "field_cls"] as const;
const names: readonly string[] = [...labNames, ...fieldNames];

/** The flag's value, or the one-line problem with it. */
export function parseMetricBudget(raw: string): { value: MetricBudget } | { problem: string } {
  const budget: MetricBudget = {};
  for (const part of raw.split(",")) {
    const [name, value, extra] = part.trim().split("=");
    if (!names.includes(name!) || value === undefined || extra !== undefined || !/^\d+(\.\d+)?$/.test(value)) {
      return {
        problem: `--budget takes lcp=MS, cls=SCORE, tbt=MS and the field's field_lcp=MS, field_inp=MS, field_cls=SCORE separated by commas (lcp=2500,cls=0.1,tbt=200), not "${raw}".`,
      };
    }
    budget[name as keyof MetricBudget] = Number(value);
  }
  return { value: budget };
}

/** Whether the budget holds lab metrics (which need --render) or field p75s (which need CRUX_API_KEY). */
export const budgetsLab = (budget: MetricBudget) => labNames.some((name) => budget[name] !== undefined);
export const budgetsField = (budget: MetricBudget) => fieldNames.some((name) => budget[name] !== undefined);

/** Why the page's lab metrics are over the budget; a page without metrics (not rendered) is, saying so. */
function labReasons(metrics: LabMetrics | null | undefined, budget: MetricBudget): string[] {
  if (!metrics) return ["no lab metrics to hold to --budget (audit with --render)"];
  const reasons: string[] = [];
  if (budget.lcp !== undefined && (metrics.lcp_ms === null || metrics.lcp_ms > budget.lcp)) {
    reasons.push(metrics.lcp_ms === null ? "no LCP was measured" : `LCP ${metrics.lcp_ms} ms is over ${budget.lcp} ms`);
  }
  if (budget.cls !== undefined && metrics.cls > budget.cls) reasons.push(`CLS ${metrics.cls} is over ${budget.cls}`);
  if (budget.tbt !== undefined && metrics.tbt_ms > budget.tbt) reasons.push(`TBT ${metrics.tbt_ms} ms is over ${budget.tbt} ms`);
  return reasons;
}

/**
 * Why the page's field p75s are over the budget. A page the Chrome UX Report has no record for (nor its origin), or
 * could not be asked about, fails: a budget that cannot be checked is not met. A vital CrUX has too little data for
 * (INP on a page few interact with) is not held to it, as Google's own assessment leaves it out.
 */
function fieldReasons(field: FieldRecord | null | undefined, budget: MetricBudget): string[] {
  if (!field) return ["no field data to hold to --budget (see core_web_vitals)"];
  const { lcp_ms, inp_ms, cls } = field.p75;
  const reasons: string[] = [];
  if (budget.field_lcp !== undefined && lcp_ms !== null && lcp_ms > budget.field_lcp) reasons.push(`field LCP p75 ${lcp_ms} ms is over ${budget.field_lcp} ms`);
  if (budget.field_inp !== undefined && inp_ms !== null && inp_ms > budget.field_inp) reasons.push(`field INP p75 ${inp_ms} ms is over ${budget.field_inp} ms`);
  if (budget.field_cls !== undefined && cls !== null && cls > budget.field_cls) reasons.push(`field CLS p75 ${cls} is over ${budget.field_cls}`);
  return reasons;
}

/** Why the page is over the metric budget: the lab's part when it names lab metrics, the field's when it names field ones. */
export function metricBudgetReasons(outcome: { metrics?: LabMetrics | null; field?: FieldRecord | null }, budget: MetricBudget): string[] {
  return [...(budgetsLab(budget) ? labReasons(outcome.metrics, budget) : []), ...(budgetsField(budget) ? fieldReasons(outcome.field, budget) : [])];
}

import type { Device } from "../analysis/lab-device";
import type { AnalysisOutcome } from "../analysis/analyze";
import { metricBudgetReasons } from "./metric-budget";
import { checksById } from "../analysis/checks/index";
import type { AuthSummary } from "../analysis/credentials";
import type { Importance } from "../analysis/types";
import { projectNameFor } from "../projects/project-name";
import { toAnalysisResource, type AnalysisState } from "../reports/serialize";
import type { Budget } from "./args";
import { comparePage, type Baseline, type Comparison } from "./baseline";

export const importanceOrder: readonly Importance[] = ["high", "medium", "low"];

export interface FailedCheck {
  id: string;
  importance: Importance;
  title: string;
  fix: string;
  value: unknown;
  errors?: Record<string, unknown>;
}

/** One audited page as every output format sees it. */
export interface PageReport {
  url: string;
  /** The API's report fields (final_url, status, score, result, issues, results, error, generated_at). */
  report: { url: string; project: string; render: 0 | 1; device: Device; auth: AuthSummary | null } & ReturnType<typeof toAnalysisResource>;
  /** Failed checks, most important first. */
  failed: FailedCheck[];
  budget: { passed: boolean; reasons: string[] };
  /** With --baseline: the comparison, or `missing` for a page the baseline has no analysis of (judged by the budget). */
  vsBaseline: Comparison | "missing" | null;
}

function analysisState(outcome: AnalysisOutcome, now: string): AnalysisState {
  if (!outcome.ok) {
    const empty = { finalUrl: null, score: null, result: null, issuesHigh: 0, issuesMedium: 0, issuesLow: 0, results: null, generatedAt: null };
    return { ...empty, status: "failed", errorCode: outcome.code, errorMessage: outcome.message };
  }
  const { finalUrl, score, result, issues, results, metrics } = outcome;
  return {
    finalUrl, status: "completed", score, result, results, metrics: metrics ?? null, errorCode: null, errorMessage: null, generatedAt: now,
    issuesHigh: issues.high, issuesMedium: issues.medium, issuesLow: issues.low,
  };
}

function failedChecks(outcome: AnalysisOutcome): FailedCheck[] {
  if (!outcome.ok) return [];
  const failed = Object.entries(outcome.results)
    .filter(([, result]) => !result.passed)
    .map(([id, result]) => {
      const check = checksById.get(id);
      return { id, importance: result.importance, title: check?.title ?? id, fix: check?.fix ?? "", value: result.value, errors: result.errors };
    });
  return failed.sort((a, b) => importanceOrder.indexOf(a.importance) - importanceOrder.indexOf(b.importance));
}

/** Why a page does not meet the budget; empty when it does. A page that could not be analysed never does. */
function budgetReasons(outcome: AnalysisOutcome, failed: FailedCheck[], budget: Budget): string[] {
  if (!outcome.ok) return [`could not be analysed (${outcome.code})`];
  const reasons: string[] = [];
  if (budget.minScore !== null && outcome.score < budget.minScore) reasons.push(`score ${outcome.score} is below ${budget.minScore}`);
  if (budget.failOn !== null) {
    const worst = importanceOrder.slice(0, importanceOrder.indexOf(budget.failOn) + 1);
    const count = failed.filter((check) => worst.includes(check.importance)).length;
    if (count > 0) reasons.push(`${count} failed check${count === 1 ? "" : "s"} of importance ${worst.join(" or ")}`);
  }
  if (budget.metrics) reasons.push(...metricBudgetReasons(outcome, budget.metrics));
  return reasons;
}

/** A page in the baseline is judged only by what got worse; the budget judges the others. */
function judged(url: string, outcome: AnalysisOutcome, failed: FailedCheck[], budget: Budget, baseline: Baseline | null) {
  const before = outcome.ok ? baseline?.pages.get(url) : undefined;
  if (!outcome.ok || !before) return { reasons: budgetReasons(outcome, failed, budget), vsBaseline: baseline ? ("missing" as const) : null };
  const comparison = comparePage(before, outcome, baseline!.flags.maxDrop);
  return { reasons: comparison.worse, vsBaseline: comparison };
}

/** `render`, `device` and `auth` are the API's fields: 1 when the page was also loaded in a browser (--render); what --header/--basic sent (names only). */
export function toPageReport(
  url: string,
  outcome: AnalysisOutcome,
  budget: Budget,
  {
    baseline = null,
    render = 0,
    device = "mobile",
    auth = null,
    now = new Date().toISOString(),
  }: { baseline?: Baseline | null; render?: 0 | 1; device?: Device; auth?: AuthSummary | null; now?: string } = {},
): PageReport {
  const failed = failedChecks(outcome);
  const { reasons, vsBaseline } = judged(url, outcome, failed, budget, baseline);
  return {
    url,
    report: { url, project: projectNameFor(new URL(url)), render, device, auth, ...toAnalysisResource(analysisState(outcome, now)) },
    failed,
    budget: { passed: reasons.length === 0, reasons },
    vsBaseline,
  };
}

export const wasAnalysed = (page: PageReport) => page.report.status === "completed";

import { z } from "zod";
import { checksById } from "../analysis/checks/index";
import type { ReportResource } from "../reports/serialize";
import { reportResource } from "../reports/schemas";

const importanceOrder = { high: 0, medium: 1, low: 2 } as const;
const checkResult = reportResource.shape.results.unwrap().valueType;

const failedCheck = z.object({
  id: z.string(),
  title: z.string().meta({ description: "What the check looks for." }),
  fix: z.string().meta({ description: "How to fix the failure." }),
  category: checkResult.shape.category,
  importance: checkResult.shape.importance,
  value: checkResult.shape.value,
  errors: checkResult.shape.errors,
});

/** A report as the list tools give it: the report resource without its per-check results. */
export const reportListItem = reportResource.omit({ results: true });

/** A report for an agent: the resource, its failed checks (worst first) with their fixes, every check on request. */
export const reportSummary = reportListItem.extend({
  failed_checks: z.array(failedCheck).meta({ description: "Empty until the report has completed." }),
  results: reportResource.shape.results.optional().meta({ description: "Every check, keyed by id: only with include=all_checks." }),
});

export function failedChecks(results: ReportResource["results"]) {
  return Object.entries(results ?? {})
    .filter(([, verdict]) => !verdict.passed)
    .map(([id, verdict]) => {
      const check = checksById.get(id);
      return { id, title: check?.title ?? id, fix: check?.fix ?? "", category: verdict.category, importance: verdict.importance, value: verdict.value, ...(verdict.errors && { errors: verdict.errors }) };
    })
    .sort((a, b) => importanceOrder[a.importance] - importanceOrder[b.importance]);
}

export function toReportSummary(report: ReportResource, { allChecks = false } = {}) {
  const { results, ...rest } = report;
  return { ...rest, failed_checks: failedChecks(results), ...(allChecks && { results }) };
}

/** One line an agent can read aloud: where the report stands, and what to do next when it has not settled. */
export function describeReport(report: ReturnType<typeof toReportSummary>): string {
  const head = `Report ${report.id} for ${report.url}`;
  if (report.status === "queued" || report.status === "processing") {
    return `${head} is ${report.status}; call get_report with id ${report.id} in a few seconds for the result.`;
  }
  if (report.status === "failed") return `${head} failed: ${report.error?.message ?? "the page could not be audited"}.`;
  const failed = report.failed_checks;
  const list = failed.length === 0 ? "every check passed" : `${failed.length} failed check${failed.length > 1 ? "s" : ""}: ${failed.map((c) => `${c.id} (${c.importance})`).join(", ")}`;
  const metrics = report.metrics
    ? ` Measured on ${report.metrics.device}: LCP ${report.metrics.lcp_ms === null ? "none" : `${report.metrics.lcp_ms} ms`}, CLS ${report.metrics.cls}, TBT ${report.metrics.tbt_ms} ms.`
    : "";
  return `${head}: score ${report.score} (${report.result}), ${list}.${metrics} Full report: ${report.page_url}`;
}

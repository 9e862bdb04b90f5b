import { wasAnalysed } from "./page-report";
import type { RunReport } from "./run-report";

/** "3 pages: 1 meets the budget, 1 does not, 1 could not be analysed." and, for a crawl, how its site checks went. */
export function summaryLine({ pages, site }: RunReport): string {
  const failedAnalysis = pages.filter((page) => !wasAnalysed(page)).length;
  const meets = pages.filter((page) => page.budget.passed).length;
  const below = pages.length - meets - failedAnalysis;
  const parts = [`${meets} ${meets === 1 ? "meets" : "meet"} the budget`, `${below} ${below === 1 ? "does" : "do"} not`];
  if (failedAnalysis > 0) parts.push(`${failedAnalysis} could not be analysed`);
  const line = `${pages.length} page${pages.length === 1 ? "" : "s"}: ${parts.join(", ")}.`;
  if (!site) return line;
  const failed = site.failed.length;
  return `${line} Site: ${failed} failed site check${failed === 1 ? "" : "s"}, ${site.budget.passed ? "meets" : "does not meet"} the budget.`;
}

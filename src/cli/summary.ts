import { wasAnalysed, type PageReport } from "./page-report";

/** "3 pages: 1 meets the budget, 1 does not, 1 could not be analysed." */
export function summaryLine(pages: PageReport[]): string {
  const failedAnalysis = pages.filter((page) => !wasAnalysed(page)).length;
  const meets = pages.filter((page) => page.budget.passed).length;
  const below = pages.length - meets - failedAnalysis;
  const parts = [`${meets} ${meets === 1 ? "meets" : "meet"} the budget`, `${below} ${below === 1 ? "does" : "do"} not`];
  if (failedAnalysis > 0) parts.push(`${failedAnalysis} could not be analysed`);
  return `${pages.length} page${pages.length === 1 ? "" : "s"}: ${parts.join(", ")}.`;
}

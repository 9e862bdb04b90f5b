import type { Budget } from "./args";
import type { PageReport } from "./page-report";

/** `data` holds one report per page in the API's report shape, plus whether it meets the budget. */
export function formatJson(pages: PageReport[], budget: Budget): string {
  const data = pages.map((page) => ({ ...page.report, budget: page.budget }));
  const document = {
    data,
    budget: { min_score: budget.minScore, fail_on: budget.failOn },
    passed: pages.every((page) => page.budget.passed),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

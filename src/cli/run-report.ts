import type { BaselineFlags, Budget } from "./args";
import type { PageReport } from "./page-report";
import type { SiteReport } from "./site-report";

/** What one run found, as every output format sees it: pages, and for a crawl the site. */
export interface RunReport {
  pages: PageReport[];
  site: SiteReport | null;
  budget: Budget;
  baseline: BaselineFlags | null;
}

export const runPassed = (run: RunReport) => run.pages.every((page) => page.budget.passed) && (run.site?.budget.passed ?? true);

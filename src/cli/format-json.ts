import type { Comparison } from "./baseline";
import { runPassed, type RunReport } from "./run-report";
import type { SiteReport } from "./site-report";

/** The comparison in the API's snake case; `null` for a page the baseline has no analysis of. */
function comparisonJson(comparison: Comparison | "missing" | null) {
  if (comparison === null) return {};
  if (comparison === "missing") return { baseline: null };
  const { score, newFailures, fixed, worse } = comparison;
  return { baseline: { ...(score && { score_before: score.before, score_change: score.change }), new_failures: newFailures, fixed, worse } };
}

const siteJson = (site: SiteReport) => ({
  url: site.url,
  source: site.source,
  discovered_by: site.discoveredBy,
  pages: site.pages,
  truncated: site.truncated,
  score: site.score,
  result: site.result,
  site_checks: site.checks,
  crawl_pages: site.crawlPages,
  budget: site.budget,
  ...comparisonJson(site.vsBaseline),
  issues: site.issues,
  ...(site.compare && { compare: (({ crawl: _crawl, with: _with, ...rest }) => rest)(site.compare) }),
});

/**
 * `data` holds one report per page in the API's report shape, plus whether it meets the budget (and, with --baseline,
 * what changed); a crawl adds `site`, shaped as the API's crawl resource. This output is also what --baseline reads.
 */
export function formatJson(run: RunReport): string {
  const data = run.pages.map((page) => ({ ...page.report, budget: page.budget, ...comparisonJson(page.vsBaseline) }));
  const document = {
    ...(run.site && { site: siteJson(run.site) }),
    data,
    budget: { min_score: run.budget.minScore, fail_on: run.budget.failOn },
    ...(run.baseline && { baseline: { file: run.baseline.file, max_drop: run.baseline.maxDrop } }),
    passed: runPassed(run),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

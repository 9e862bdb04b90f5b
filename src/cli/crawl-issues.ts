import { comparison, pageChangesOf, type Comparison } from "../site/issues/compare";
import { issueRows, tallyPages, type IssueRow } from "../site/issues/issue-rows";
import type { SiteVerdict } from "../site/checks/types";
import { crawlScore, tallyScores } from "../site/crawl-frontier";
import { countedFailures, isErrorPage } from "../site/issues/error-pages";
import type { Baseline } from "./baseline";
import { wasAnalysed, type PageReport } from "./page-report";

// The CLI's crawl counts its issues with the service's pure pieces (src/site/issues/), over the results it holds.

/** The checks the crawl counts a page in: an error page only in http_status (src/site/issues/error-pages.ts). */
export const countedChecks = (page: PageReport): string[] => countedFailures(page.failed.map((check) => check.id));

const failuresOf = (pages: PageReport[]) => pages.filter(wasAnalysed).map((page) => ({ url: page.url, failed: countedChecks(page) }));

/** The crawl's issue table: one row per failing check, page and site checks together, as GET /crawls/{id}/issues. */
export const crawlIssueRows = (pages: PageReport[], siteChecks: Record<string, SiteVerdict>): IssueRow[] =>
  issueRows(tallyPages(failuresOf(pages)), siteChecks, pages.filter(wasAnalysed).length);

const baselineFailures = (baseline: Baseline) =>
  [...baseline.pages].map(([url, page]) => ({ url, failed: countedFailures(Object.keys(page.results).filter((id) => !page.results[id]!.passed)) }));

/** A baseline file's site checks as verdicts: an older file without counts counts a failure as one problem. */
const siteVerdicts = (checks: NonNullable<Baseline["siteChecks"]>): Record<string, SiteVerdict> =>
  Object.fromEntries(
    Object.entries(checks).map(([id, v]) => [id, { passed: v.passed, applicable: v.applicable ?? true, count: v.count ?? (v.passed ? 0 : 1), examples: v.examples ?? [] }]),
  );

/** The crawl against a crawl baseline, as GET /crawls/{id}/compare (without scores of the baseline's site). */
export function crawlComparison(pages: PageReport[], siteChecks: Record<string, SiteVerdict>, baseline: Baseline, score: number | null): Comparison {
  const { changes, added, removed } = pageChangesOf(baselineFailures(baseline), failuresOf(pages));
  // The baseline's score as the crawl's own: error pages left out.
  const scored = baselineFailures(baseline).filter((page) => !isErrorPage(page.failed));
  const before = crawlScore(tallyScores(scored.map((page) => baseline.pages.get(page.url)!.score))).score;
  return comparison({
    crawl: 0,
    with: 0,
    scores: { from: before, to: score },
    pageChanges: changes,
    site: { before: siteVerdicts(baseline.siteChecks ?? {}), now: siteChecks },
    pages: { added, removed },
  });
}

/**
 * With a crawl baseline a page fails only on a check it newly fails (every failure of a page new since the baseline
 * is new): not on its score, nor on failures the baseline already had.
 */
export function judgedByNewFailures(pages: PageReport[], baseline: Baseline): PageReport[] {
  const before = new Map(baselineFailures(baseline).map((page) => [page.url, new Set(page.failed)]));
  return pages.map((page) => {
    if (!wasAnalysed(page)) return page;
    const fresh = countedChecks(page).filter((id) => !before.get(page.url)?.has(id)).map((id) => `new failure: ${id}`);
    return { ...page, budget: { passed: fresh.length === 0, reasons: fresh } };
  });
}

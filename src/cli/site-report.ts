import type { ResultLabel } from "../analysis/score";
import type { DiscoveryInput } from "../site/discovery/discover-urls";
import { siteChecks } from "../site/checks/index";
import type { SiteVerdict } from "../site/checks/types";
import type { Budget } from "./args";
import { importanceOrder } from "./page-report";
import { compareSiteChecks, type Baseline, type Comparison } from "./baseline";
import type { SiteCrawl } from "./crawl-site";
import type { IssueRow } from "../site/issues/issue-rows";
import type { Comparison as CrawlComparison } from "../site/issues/compare";
import { crawlComparison, crawlIssueRows } from "./crawl-issues";
import type { PageReport } from "./page-report";

export interface FailedSiteCheck {
  id: string;
  title: string;
  fix: string;
  /** medium unless the check says otherwise (broken_external_links is low). */
  importance: "high" | "medium" | "low";
  verdict: SiteVerdict;
}

/** A crawl's site-wide part as every output format sees it; its pages are PageReports like an audit's. */
export interface SiteReport {
  url: string;
  source: DiscoveryInput["source"];
  discoveredBy: "sitemap" | "links";
  pages: { found: number; audited: number; failed: number; blocked: number; skipped: number };
  truncated: boolean;
  /** Every URL of the crawl in the order it was met, as the API lists a crawl's pages (without report ids). */
  crawlPages: { url: string; state: string; depth: number; in_sitemap: boolean; found_via: string }[];
  score: number | null;
  result: ResultLabel | null;
  /** Every site check by id, in the registry's order, as the API's `site_checks`. */
  checks: Record<string, SiteVerdict>;
  failed: FailedSiteCheck[];
  budget: { passed: boolean; reasons: string[] };
  vsBaseline: Comparison | "missing" | null;
  /** One row per failing check across the pages, as the API's crawl issues. */
  issues: IssueRow[];
  /** With a crawl baseline: the issues compared, as the API's crawl compare. */
  compare: CrawlComparison | null;
}

/**
 * Site checks weigh medium unless they say otherwise (broken_internal_links high; broken_external_links and
 * llms_txt_links low): --fail-on high fails the site on a failed high one, medium on medium or above, low on any; no
 * budget on none. With a crawl baseline, only a site check that newly fails does.
 */
function judged(failed: FailedSiteCheck[], checks: Record<string, SiteVerdict>, budget: Budget, baseline: Baseline | null) {
  if (baseline?.siteChecks) {
    const comparison = compareSiteChecks(baseline.siteChecks, checks);
    return { reasons: comparison.worse, vsBaseline: comparison };
  }
  const within = budget.failOn === null ? [] : importanceOrder.slice(0, importanceOrder.indexOf(budget.failOn) + 1);
  const counted = failed.filter((check) => within.includes(check.importance)).length;
  const reasons = counted > 0 ? [`${counted} failed site check${counted === 1 ? "" : "s"}`] : [];
  return { reasons, vsBaseline: baseline ? ("missing" as const) : null };
}

export function toSiteReport(
  crawl: DiscoveryInput,
  run: Extract<SiteCrawl, { ok: true }>,
  budget: Budget,
  baseline: Baseline | null,
  pages: PageReport[],
): SiteReport {
  const count = (state: string) => run.pages.filter((page) => page.state === state).length;
  const failed = siteChecks
    .filter((check) => run.siteChecks[check.id]?.passed === false)
    .map((check) => ({ id: check.id, title: check.title, fix: check.fix, importance: check.importance ?? "medium", verdict: run.siteChecks[check.id]! }));
  const { reasons, vsBaseline } = judged(failed, run.siteChecks, budget, baseline);
  return {
    url: crawl.url,
    source: crawl.source,
    discoveredBy: run.discoveredBy,
    pages: { found: run.found, audited: count("audited"), failed: count("failed"), blocked: count("blocked"), skipped: run.skipped },
    truncated: run.truncated,
    crawlPages: run.pages.map((page) => ({ url: page.url, state: page.state, depth: page.depth, in_sitemap: page.inSitemap, found_via: page.foundVia })),
    score: run.score,
    result: run.result,
    checks: run.siteChecks,
    failed,
    budget: { passed: reasons.length === 0, reasons },
    vsBaseline,
    issues: crawlIssueRows(pages, run.siteChecks),
    compare: baseline?.siteChecks ? crawlComparison(pages, run.siteChecks, baseline, run.score) : null,
  };
}

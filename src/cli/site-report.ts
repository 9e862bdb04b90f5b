import type { ResultLabel } from "../analysis/score";
import type { DiscoveryInput } from "../site/discovery/discover-urls";
import { siteChecks } from "../site/checks/index";
import type { SiteVerdict } from "../site/checks/types";
import type { Budget } from "./args";
import { compareSiteChecks, type Baseline, type Comparison } from "./baseline";
import type { SiteCrawl } from "./crawl-site";

export interface FailedSiteCheck {
  id: string;
  title: string;
  fix: string;
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
}

/**
 * Site checks have no importance of their own: --fail-on medium or low fails the site on a failed one (--fail-on
 * high does not, nor no budget at all). With a crawl baseline, only a site check that newly fails does.
 */
function judged(failed: FailedSiteCheck[], checks: Record<string, SiteVerdict>, budget: Budget, baseline: Baseline | null) {
  if (baseline?.siteChecks) {
    const comparison = compareSiteChecks(baseline.siteChecks, checks);
    return { reasons: comparison.worse, vsBaseline: comparison };
  }
  const counts = budget.failOn === "medium" || budget.failOn === "low";
  const reasons = counts && failed.length > 0 ? [`${failed.length} failed site check${failed.length === 1 ? "" : "s"}`] : [];
  return { reasons, vsBaseline: baseline ? ("missing" as const) : null };
}

export function toSiteReport(crawl: DiscoveryInput, run: Extract<SiteCrawl, { ok: true }>, budget: Budget, baseline: Baseline | null): SiteReport {
  const count = (state: string) => run.pages.filter((page) => page.state === state).length;
  const failed = siteChecks
    .filter((check) => run.siteChecks[check.id]?.passed === false)
    .map((check) => ({ id: check.id, title: check.title, fix: check.fix, verdict: run.siteChecks[check.id]! }));
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
  };
}

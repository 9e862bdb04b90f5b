import type { Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { runBatch } from "../db/batch";
import { issueRows, type CheckTally, type IssueRow } from "../site/issues/issue-rows";
import { pageCounts } from "./find-crawl";
import type { ListCrawlIssuesQuery } from "./issue-schemas";
import { tallies, tallyStatement } from "./tally-failures";

/**
 * Every failing check of a crawl the caller owns (checked before): page checks counted in SQL over the stored
 * failures, site checks from the crawl's verdicts; filtered, sorted by importance then pages. At most one row per
 * check, so the list is paginated in memory.
 */
export async function crawlIssues(db: Db, crawl: Crawl, filter: Pick<ListCrawlIssuesQuery, "importance" | "category" | "kind"> = {}): Promise<IssueRow[]> {
  const { checks, audited } = await checkTallies(db, crawl);
  return issueRows(checks, crawl.siteChecks as Record<string, unknown> | null, audited).filter(
    (row) =>
      (!filter.importance || row.importance === filter.importance) &&
      (!filter.category || row.category === filter.category) &&
      (!filter.kind || row.kind === filter.kind),
  );
}

/**
 * A crawl's page checks tallied and its audited pages: from its stored summary once it has one (a completed crawl,
 * summarized by the cron; a pruned one always), else counted over its rows.
 */
export async function checkTallies(db: Db, crawl: Crawl): Promise<{ checks: Map<string, CheckTally>; audited: number }> {
  if (crawl.issueSummary) return { checks: new Map(Object.entries(crawl.issueSummary.checks)), audited: crawl.issueSummary.pages.audited ?? 0 };
  const [[tallied], counts] = await Promise.all([runBatch(db, [tallyStatement(crawl.id)]), pageCounts(db, [crawl.id])]);
  return { checks: tallies(tallied!.results), audited: counts.get(crawl.id)?.audited ?? 0 };
}

import { and, count, eq, not, sql } from "drizzle-orm";
import { crawlScore } from "../site/crawl-frontier";
import { crawlPages, crawls, reports, type Crawl } from "../db/schema";
import { issueSummaryOf } from "./summarize-crawls";
import { isErrorPageSql } from "./page-failures";
import { claimLastPage, completeCrawl, storeIssueSummary } from "./crawl-lifecycle";
import type { CrawlDeps } from "./crawl-deps";
import { notifyCrawlCompleted } from "./notify";
import type { NextCrawlJob } from "./crawl-job";
import { linkAnswersOf, planCrawlLinks, sitePageBatches } from "./link-checks";
import { runSiteChecksOver, siteContextOf } from "../site/checks/index";
import type { SiteVerdict } from "../site/checks/types";
import type { CrawlSiteFacts } from "../site/discovery/llms-links";

const DAY_MS = 24 * 60 * 60 * 1000;
const scheduleMs = { none: 0, daily: DAY_MS, weekly: 7 * DAY_MS } as const;

type CheckMap = Record<string, SiteVerdict>;

/** For a scheduled run: the checks that changed verdict since the run before. */
function changesSince(current: CheckMap, previous: CheckMap | null) {
  if (!previous) return null;
  const failed = (checks: CheckMap, id: string) => checks[id]?.applicable !== false && checks[id]?.passed === false;
  const ids = Object.keys(current);
  return {
    newly_failed: ids.filter((id) => failed(current, id) && !failed(previous, id)),
    newly_passed: ids.filter((id) => !failed(current, id) && failed(previous, id)),
  };
}

/** The crawl whose last page has settled, claimed once (by this caller only): its link plan follows (crawl-steps.ts). */
export async function claimFinalizing(deps: CrawlDeps, crawlId: number): Promise<NextCrawlJob> {
  return (await claimLastPage(deps.db, crawlId)) ? { job: { kind: "plan_links", crawlId } } : null;
}

const settling = async (deps: CrawlDeps, crawlId: number) => {
  const crawl = await deps.db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  return crawl?.status === "running" && crawl.settlingAt !== null ? crawl : null;
};

/**
 * The crawl queue's `plan_links` job: the claimed crawl's link targets are planned; their checks follow as steps of
 * the crawl queue (check-links-step.ts), or, without targets to ask, the site checks.
 */
export async function planLinksStep(deps: CrawlDeps, crawlId: number): Promise<NextCrawlJob> {
  const crawl = await settling(deps, crawlId);
  if (!crawl) return null;
  const pages = sitePageBatches(deps.db, crawl.id, deps.settings.crawl.siteCheckBatch);
  const pending = await planCrawlLinks(deps.db, crawl, pages, deps.settings.crawl.linkChecks);
  return { job: { kind: pending > 0 ? "check_links" : "site_checks", crawlId } };
}

/** The crawl queue's `site_checks` job (and the last resort of a crashed step): a claimed crawl completes with what it has. */
export async function siteChecksStep(deps: CrawlDeps, crawlId: number): Promise<NextCrawlJob> {
  const crawl = await settling(deps, crawlId);
  if (crawl) await completeCrawlChecks(deps, crawl);
  return null;
}

/**
 * Site checks (over the pages' facts in batches of SITE_CHECK_BATCH, and the link answers), score and result of a
 * claimed crawl; then `completed`.
 */
export async function completeCrawlChecks(deps: CrawlDeps, crawl: Crawl): Promise<void> {
  const { db } = deps;
  const crawlId = crawl.id;
  const [[tally], previous] = await db.batch([
    db
      .select({ sum: sql<number>`coalesce(sum(${reports.score}), 0)`, count: count(reports.score) })
      .from(crawlPages)
      .innerJoin(reports, eq(reports.id, crawlPages.reportId))
      // Error pages are not scored (src/site/issues/error-pages.ts).
      .where(and(eq(crawlPages.crawlId, crawlId), eq(crawlPages.state, "audited"), not(isErrorPageSql))),
    db.select({ siteChecks: crawls.siteChecks }).from(crawls).where(eq(crawls.id, crawl.previousId ?? 0)),
  ]);
  const checks = await runSiteChecksOver(
    sitePageBatches(db, crawlId, deps.settings.crawl.siteCheckBatch),
    siteContextOf({ ...crawl, siteFacts: crawl.siteFacts as CrawlSiteFacts | null }, await linkAnswersOf(db, crawlId)),
  );
  const changes = crawl.previousId ? changesSince(checks, (previous[0]?.siteChecks as CheckMap | null) ?? null) : null;
  const { score, result } = crawlScore(tally ?? { sum: 0, count: 0 });
  const now = Date.now();
  const done = await completeCrawl(
    db,
    crawlId,
    {
      siteChecks: changes ? { ...checks, changes } : checks,
      score,
      result,
      nextRunAt: crawl.schedule === "none" ? null : new Date(now + scheduleMs[crawl.schedule]).toISOString(),
    },
    new Date(now).toISOString(),
  );
  if (!done) return;
  // The issues list of a big crawl answers from this row at once rather than counting its failures (a GROUP BY over
  // ~11 rows a page) on every request until the cron's summarizer comes by.
  await storeIssueSummary(db, crawlId, await issueSummaryOf(db, crawlId));
  await notifyCrawlCompleted(db, deps.queues.webhooks, done, deps.settings.publicOrigin);
}

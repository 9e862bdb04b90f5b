import { and, count, eq, sql } from "drizzle-orm";
import { crawlScore } from "../site/crawl-frontier";
import { crawlPages, crawls, reports, type Crawl } from "../db/schema";
import { issueSummaryOf } from "./summarize-crawls";
import { claimLastPage, completeCrawl, storeIssueSummary } from "./crawl-lifecycle";
import type { CrawlDeps } from "./crawl-deps";
import { notifyCrawlCompleted } from "./notify";
import { enqueueLinkChecks, linkAnswersOf, planCrawlLinks, sitePageBatches } from "./link-checks";
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

/**
 * The crawl whose last page has settled is claimed (once) and its link plan queued as a job of the crawl queue
 * (`plan_links`): the plan and the site checks read every page's facts, so each gets an invocation of its own
 * (docs/crawls.md "Finalising a large crawl") rather than the tail of the analysis consumer's. When the queue
 * refuses, they run here.
 */
export async function finalizeCrawl(deps: CrawlDeps, crawlId: number): Promise<void> {
  const crawl = await claimLastPage(deps.db, crawlId);
  if (!crawl) return;
  if (await enqueueLinkChecks(deps.crawlQueue, crawlId, 0, "plan_links")) return;
  await planLinksStep(deps, crawlId);
}

const settling = async (deps: CrawlDeps, crawlId: number) => {
  const crawl = await deps.db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  return crawl?.status === "running" && crawl.settlingAt !== null ? crawl : null;
};

/**
 * The crawl queue's `plan_links` job: the claimed crawl's link targets are planned and their checks queued as steps
 * of the crawl queue (check-links-step.ts), which queue its site checks when done. Without targets to ask, the site
 * checks are queued now (run here when the queue refuses).
 */
export async function planLinksStep(deps: CrawlDeps, crawlId: number): Promise<void> {
  const crawl = await settling(deps, crawlId);
  if (!crawl) return;
  const pages = sitePageBatches(deps.db, crawl.id, deps.settings.crawl.siteCheckBatch);
  const pending = await planCrawlLinks(deps.db, crawl, pages, deps.settings.crawl.linkChecks);
  if (pending > 0 && (await enqueueLinkChecks(deps.crawlQueue, crawl.id))) return;
  await queueSiteChecks(deps, crawlId);
}

/** The site checks in an invocation of their own; in this one when the queue refuses. */
export async function queueSiteChecks(deps: CrawlDeps, crawlId: number): Promise<void> {
  if (await enqueueLinkChecks(deps.crawlQueue, crawlId, 0, "site_checks")) return;
  await siteChecksStep(deps, crawlId);
}

/** The crawl queue's `site_checks` job (and the last resort of a crashed step): a claimed crawl completes with what it has. */
export async function siteChecksStep(deps: CrawlDeps, crawlId: number): Promise<void> {
  const crawl = await settling(deps, crawlId);
  if (crawl) await completeCrawlChecks(deps, crawl);
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
      .where(and(eq(crawlPages.crawlId, crawlId), eq(crawlPages.state, "audited"))),
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
  await notifyCrawlCompleted(db, deps.webhookQueue, done, deps.settings.publicOrigin);
}

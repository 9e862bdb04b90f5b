import { and, eq, sql } from "drizzle-orm";
import { resultForScore } from "../analysis/score";
import { crawlPages, crawls, reports } from "../db/schema";
import { claimLastPage, completeCrawl } from "./crawl-lifecycle";
import type { CrawlDeps } from "./crawl-deps";
import { notifyCrawlCompleted } from "./notify";
import type { PageFacts } from "../site/page-facts";
import { runSiteChecks, siteViewOf } from "../site/checks/index";
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

/** Site checks, score and result of a crawl whose last page has settled; then `completed`. */
export async function finalizeCrawl(deps: CrawlDeps, crawlId: number): Promise<void> {
  const { db } = deps;
  const crawl = await claimLastPage(db, crawlId);
  if (!crawl) return;
  const [pages, [mean], previous] = await db.batch([
    db
      .select({ url: crawlPages.url, state: crawlPages.state, inSitemap: crawlPages.inSitemap, facts: crawlPages.facts })
      .from(crawlPages)
      .where(eq(crawlPages.crawlId, crawlId)),
    db
      .select({ score: sql<number | null>`round(avg(${reports.score}))` })
      .from(crawlPages)
      .innerJoin(reports, eq(reports.id, crawlPages.reportId))
      .where(and(eq(crawlPages.crawlId, crawlId), eq(crawlPages.state, "audited"))),
    db.select({ siteChecks: crawls.siteChecks }).from(crawls).where(eq(crawls.id, crawl.previousId ?? 0)),
  ]);
  const checks = runSiteChecks(
    siteViewOf(
      pages.map((p) => ({ ...p, facts: (p.facts as PageFacts | null) ?? null })),
      { ...crawl, siteFacts: crawl.siteFacts as CrawlSiteFacts | null },
    ),
  );
  const changes = crawl.previousId ? changesSince(checks, (previous[0]?.siteChecks as CheckMap | null) ?? null) : null;
  const score = mean?.score ?? null;
  const now = Date.now();
  const done = await completeCrawl(
    db,
    crawlId,
    {
      siteChecks: changes ? { ...checks, changes } : checks,
      score,
      result: score === null ? null : resultForScore(score),
      nextRunAt: crawl.schedule === "none" ? null : new Date(now + scheduleMs[crawl.schedule]).toISOString(),
    },
    new Date(now).toISOString(),
  );
  if (done) await notifyCrawlCompleted(db, deps.webhookQueue, done, deps.settings.publicOrigin);
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { resultForScore } from "../analysis/score";
import { crawlPages, crawls, reports, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { UNFINISHED } from "./find-crawl";
import { notifyCrawlCompleted } from "./notify";
import type { PageFacts } from "../site/page-facts";
import { runSiteChecks, siteViewOf } from "../site/checks/index";
import type { SiteVerdict } from "../site/checks/types";
import type { CrawlSiteFacts } from "../site/discovery/llms-links";

const DAY_MS = 24 * 60 * 60 * 1000;
const scheduleMs = { none: 0, daily: DAY_MS, weekly: 7 * DAY_MS } as const;

export async function failCrawl(db: Db, crawlId: number, code: string, message: string, counts: { skipped?: number } = {}) {
  const now = new Date().toISOString();
  await db
    .update(crawls)
    .set({ status: "failed", errorCode: code, errorMessage: message, finishedAt: now, updatedAt: now, ...counts })
    .where(and(eq(crawls.id, crawlId), inArray(crawls.status, [...UNFINISHED])));
}

/**
 * The one consumer that finds no pending page left claims the crawl (a conditional UPDATE ... RETURNING):
 * two consumers settling the last pages together compute the site checks once.
 */
export async function claimLastPage(db: Db, crawlId: number): Promise<Crawl | undefined> {
  const [claimed] = await db
    .update(crawls)
    .set({ settlingAt: new Date().toISOString() })
    .where(
      and(
        eq(crawls.id, crawlId),
        eq(crawls.status, "running"),
        sql`${crawls.settlingAt} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${crawlPages} WHERE ${crawlPages.crawlId} = ${crawlId} AND ${crawlPages.state} = 'pending')`,
      ),
    )
    .returning();
  return claimed;
}

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
export async function finalizeCrawl(env: Env, db: Db, crawlId: number): Promise<void> {
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
  const [done] = await db
    .update(crawls)
    .set({
      status: "completed",
      siteChecks: changes ? { ...checks, changes } : checks,
      score,
      result: score === null ? null : resultForScore(score),
      finishedAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      nextRunAt: crawl.schedule === "none" ? null : new Date(now + scheduleMs[crawl.schedule]).toISOString(),
    })
    .where(and(eq(crawls.id, crawlId), eq(crawls.status, "running")))
    .returning();
  if (done) await notifyCrawlCompleted(env, db, done);
}

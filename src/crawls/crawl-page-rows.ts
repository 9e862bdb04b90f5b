import { asc, desc, eq, sql } from "drizzle-orm";
import { crawlPages, reports } from "../db/schema";
import type { Db } from "../db/client";

/** How many of a crawl's pages its page lists at once: the HTML stays small at any crawl size. */
export const CRAWL_PAGE_SIZE = 100;

/**
 * One screen of the crawl's pages worst first (failed, then lowest score, then blocked and pending), with their
 * reports' privacy. `page` counts from 1; D1 sorts and cuts, so the Worker never holds more than one screen.
 */
export const crawlPageRows = (db: Db, crawlId: number, page = 1) =>
  db
    .select({
      url: crawlPages.url,
      state: crawlPages.state,
      reportId: crawlPages.reportId,
      score: reports.score,
      result: reports.result,
      privacy: reports.privacy,
    })
    .from(crawlPages)
    .leftJoin(reports, eq(reports.id, crawlPages.reportId))
    .where(eq(crawlPages.crawlId, crawlId))
    .orderBy(
      desc(sql`${crawlPages.state} = 'failed'`),
      asc(sql`${crawlPages.state} <> 'audited'`),
      asc(sql`${reports.score} IS NULL`),
      asc(reports.score),
      asc(crawlPages.id),
    )
    .limit(CRAWL_PAGE_SIZE)
    .offset((page - 1) * CRAWL_PAGE_SIZE);

export type CrawlPageRow = Awaited<ReturnType<typeof crawlPageRows>>[number];

import { asc, desc, eq, sql } from "drizzle-orm";
import { crawlPages, reports } from "../db/schema";
import type { Db } from "../db/client";

/** The crawl's pages worst first (failed, then lowest score, then blocked and pending), with their reports' privacy. */
export const crawlPageRows = (db: Db, crawlId: number) =>
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
    );

export type CrawlPageRow = Awaited<ReturnType<typeof crawlPageRows>>[number];

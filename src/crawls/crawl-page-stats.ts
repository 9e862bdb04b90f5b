import { and, count, eq, isNotNull, not, sql } from "drizzle-orm";
import { crawlPages, reports } from "../db/schema";
import type { Db } from "../db/client";
import { isErrorPageSql } from "./page-failures";

export interface CrawlPageStats {
  /**
   * Audited pages by score in tens: index 0 is 0-9, ..., index 9 is 90-100. Error pages are left out, as they are of
   * the crawl's score (src/site/issues/error-pages.ts).
   */
  scoreBins: number[];
  /** Pages by link depth from the start URL, depth 0 first, every depth up to the deepest present. */
  depths: number[];
}

/** What the crawl page draws, counted by D1 in two grouped queries: no page row reaches the Worker. */
export async function crawlPageStats(db: Db, crawlId: number): Promise<CrawlPageStats> {
  const bin = sql<number>`min(${reports.score} / 10, 9)`;
  const [byScore, byDepth] = await Promise.all([
    db
      .select({ bin, n: count() })
      .from(crawlPages)
      .innerJoin(reports, eq(reports.id, crawlPages.reportId))
      .where(and(eq(crawlPages.crawlId, crawlId), eq(crawlPages.state, "audited"), isNotNull(reports.score), not(isErrorPageSql)))
      .groupBy(bin),
    db.select({ depth: crawlPages.depth, n: count() }).from(crawlPages).where(eq(crawlPages.crawlId, crawlId)).groupBy(crawlPages.depth),
  ]);
  const scoreBins = Array.from({ length: 10 }, () => 0);
  for (const row of byScore) scoreBins[Math.max(0, Math.min(9, Number(row.bin)))]! += row.n;
  const deepest = Math.max(-1, ...byDepth.map((row) => row.depth));
  const depths = Array.from({ length: deepest + 1 }, () => 0);
  for (const row of byDepth) depths[row.depth] = row.n;
  return { scoreBins, depths };
}

import { and, count, eq, inArray } from "drizzle-orm";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { noPages, type PageCounts } from "./serialize";

export const UNFINISHED = ["discovering", "running"] as const;

/** A crawl of this account, or undefined: another account's crawl is exactly as missing as no crawl. */
export const findCrawl = (db: Db, accountId: number, id: number): Promise<Crawl | undefined> =>
  db.select().from(crawls).where(and(eq(crawls.id, id), eq(crawls.accountId, accountId))).get();

/** Page counts by state for each crawl, in one grouped query. */
export async function pageCounts(db: Db, crawlIds: number[]): Promise<Map<number, PageCounts>> {
  const result = new Map<number, PageCounts>(crawlIds.map((id) => [id, { ...noPages }]));
  if (crawlIds.length === 0) return result;
  const rows = await db
    .select({ crawlId: crawlPages.crawlId, state: crawlPages.state, n: count() })
    .from(crawlPages)
    .where(inArray(crawlPages.crawlId, crawlIds))
    .groupBy(crawlPages.crawlId, crawlPages.state);
  for (const row of rows) result.get(row.crawlId)![row.state] = row.n;
  return result;
}

/** Any account's crawl, for the public crawl page. */
export const findCrawlById = (db: Db, id: number): Promise<Crawl | undefined> => db.select().from(crawls).where(eq(crawls.id, id)).get();

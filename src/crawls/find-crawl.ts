import { and, count, eq, inArray } from "drizzle-orm";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { findWhereItIs, type RequestSession } from "../db/request-session";
import { noPages, toCrawlResource, type PageCounts } from "./serialize";

export const UNFINISHED = ["discovering", "running"] as const;

/** A crawl of this account, or undefined: another account's crawl is exactly as missing as no crawl. */
export const findCrawl = (db: Db, accountId: number, id: number): Promise<Crawl | undefined> =>
  db.select().from(crawls).where(and(eq(crawls.id, id), eq(crawls.accountId, accountId))).get();

/**
 * A crawl of this account where it is: a crawl just created elsewhere may not be on the replica yet, so the primary
 * is asked before a 404, and its pages are then read there too (the handle comes back with it).
 */
export const findCrawlNearOrOnPrimary = (session: RequestSession, accountId: number, id: number) =>
  findWhereItIs(session, (db) => findCrawl(db, accountId, id));

/** One crawl as the API and the MCP show it, with its page counts. */
export async function crawlResourceOf(db: Db, crawl: Crawl, origin: string) {
  const counts = await pageCounts(db, [crawl.id]);
  return toCrawlResource(crawl, counts.get(crawl.id) ?? noPages, origin);
}

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

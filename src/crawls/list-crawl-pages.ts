import { and, asc, count, eq } from "drizzle-orm";
import { crawlPages } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf } from "../http/pagination";
import type { ListCrawlPagesQuery } from "./schemas";

/** The pages of a crawl, of one state or all. */
export const crawlPagesWhere = (crawlId: number, query: Pick<ListCrawlPagesQuery, "state">) =>
  and(eq(crawlPages.crawlId, crawlId), query.state === undefined ? undefined : eq(crawlPages.state, query.state));

/** The pages of a crawl the caller owns (checked before), in discovery order. */
export async function listCrawlPages(db: Db, crawlId: number, query: ListCrawlPagesQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = crawlPagesWhere(crawlId, query);
  const [rows, [total]] = await db.batch([
    db.select().from(crawlPages).where(where).orderBy(asc(crawlPages.id)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(crawlPages).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

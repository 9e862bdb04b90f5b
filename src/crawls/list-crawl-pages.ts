import { and, asc, count, eq } from "drizzle-orm";
import { crawlPages } from "../db/schema";
import type { Db } from "../env";
import { offsetOf } from "../http/pagination";
import type { ListCrawlPagesQuery } from "./schemas";

/** The pages of a crawl the caller owns (checked before), in discovery order. */
export async function listCrawlPages(db: Db, crawlId: number, query: ListCrawlPagesQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = and(eq(crawlPages.crawlId, crawlId), query.state === undefined ? undefined : eq(crawlPages.state, query.state));
  const [rows, [total]] = await db.batch([
    db.select().from(crawlPages).where(where).orderBy(asc(crawlPages.id)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(crawlPages).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

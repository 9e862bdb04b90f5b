import { and, asc, count, eq } from "drizzle-orm";
import { crawlPages } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf } from "../http/pagination";
import type { ListCrawlPagesQuery } from "./schemas";

// found_via is kept as two flags (src/site/terms.ts foundViaOf), so pages stored before it read right.
const foundVia = {
  sitemap: and(eq(crawlPages.inSitemap, true), eq(crawlPages.linked, false)),
  links: eq(crawlPages.inSitemap, false),
  both: and(eq(crawlPages.inSitemap, true), eq(crawlPages.linked, true)),
};

/** The pages of a crawl, of one state and one way of being found, or all. */
export const crawlPagesWhere = (crawlId: number, query: Pick<ListCrawlPagesQuery, "state" | "found_via">) =>
  and(
    eq(crawlPages.crawlId, crawlId),
    query.state === undefined ? undefined : eq(crawlPages.state, query.state),
    query.found_via === undefined ? undefined : foundVia[query.found_via],
  );

// What a listed page shows (the CSV adds its report's figures): its facts, most of the row's bytes, stay unread.
export const listedPageColumns = {
  id: crawlPages.id,
  url: crawlPages.url,
  state: crawlPages.state,
  depth: crawlPages.depth,
  inSitemap: crawlPages.inSitemap,
  linked: crawlPages.linked,
  reportId: crawlPages.reportId,
};

/** The pages of a crawl the caller owns (checked before), in discovery order. */
export async function listCrawlPages(db: Db, crawlId: number, query: ListCrawlPagesQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = crawlPagesWhere(crawlId, query);
  const [rows, [total]] = await db.batch([
    db.select(listedPageColumns).from(crawlPages).where(where).orderBy(asc(crawlPages.id)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(crawlPages).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

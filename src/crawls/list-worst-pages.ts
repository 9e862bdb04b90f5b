import { asc, count, sql } from "drizzle-orm";
import { crawlPages, reports } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf, type PageRequest } from "../http/pagination";
import { selectPages } from "./export-crawl-pages";
import { crawlPagesWhere } from "./list-crawl-pages";
import type { ListCrawlPagesQuery } from "./schemas";

/**
 * The pages of a crawl the caller owns (checked before), with their reports' figures, lowest score first: what an
 * agent fixes first. Pages without a score (pending, failed, blocked) follow, in discovery order.
 */
export async function listWorstPages(db: Db, crawlId: number, query: Pick<ListCrawlPagesQuery, "state" | "found_via">, page: PageRequest) {
  const where = crawlPagesWhere(crawlId, query);
  const [rows, [total]] = await db.batch([
    selectPages(db)
      .where(where)
      .orderBy(sql`${reports.score} IS NULL`, asc(reports.score), asc(crawlPages.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(crawlPages).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

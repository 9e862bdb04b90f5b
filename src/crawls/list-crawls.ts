import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { crawls } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf } from "../http/pagination";
import type { ListCrawlsQuery } from "./schemas";

/** Ties break by id in the same direction; crawls not finished yet sort last either way. */
function orderBy(query: ListCrawlsQuery): SQL[] {
  const dir = query.sort === "asc" ? asc : desc;
  if (query.sort_by === "id") return [dir(crawls.id)];
  return [sql`(${crawls.finishedAt} IS NULL)`, dir(crawls.finishedAt), dir(crawls.id)];
}

export async function listCrawls(db: Db, accountId: number, query: ListCrawlsQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = and(
    eq(crawls.accountId, accountId),
    query.project === undefined ? undefined : eq(crawls.project, query.project),
    query.status === undefined ? undefined : eq(crawls.status, query.status),
  );
  const [rows, [total]] = await db.batch([
    db.select().from(crawls).where(where).orderBy(...orderBy(query)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(crawls).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

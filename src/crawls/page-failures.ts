import { eq, sql } from "drizzle-orm";
import { crawlPageFailures, crawlPages, reports } from "../db/schema";
import type { Db } from "../db/client";
import type { CrawlPageJob } from "../reports/analysis-job";
import { decodeResults } from "../reports/results-codec";
import { failedCheckIds } from "../site/issues/check-info";
import { countedFailures, ERROR_PAGE_CHECK } from "../site/issues/error-pages";

/**
 * For the batch that settles a crawl page, after its UPDATE: the checks it failed, one row each, only if the page is
 * audited now; of an error page only `http_status` (error-pages.ts), so every count read from these rows (the issue
 * list, one check's pages, the compare, the stored summary, the score) follows the one rule. The ids travel as one JSON parameter (json_each), so a page failing every check still binds three
 * values, far from D1's 100; a repeated settle inserts nothing twice.
 */
export const recordFailures = (db: Db, job: Pick<CrawlPageJob, "crawlId" | "crawlPageId">, failed: readonly string[]) =>
  db
    .insert(crawlPageFailures)
    .select(
      sql`SELECT ${job.crawlId}, value, ${job.crawlPageId} FROM json_each(${JSON.stringify(countedFailures(failed))})
        WHERE EXISTS (SELECT 1 FROM ${crawlPages} WHERE ${crawlPages.id} = ${job.crawlPageId} AND ${crawlPages.state} = 'audited')`,
    )
    .onConflictDoNothing();

/** A page that settles without a fetch (its generation had already completed): its failures from its stored results. */
export async function storedFailures(db: Db, reportId: number): Promise<string[]> {
  const row = await db.select({ results: reports.results }).from(reports).where(eq(reports.id, reportId)).get();
  const results = row ? decodeResults(row.results) : null;
  return results ? failedCheckIds(results) : [];
}

/**
 * SQL: the crawl page (a `crawl_pages` row not aliased in the query) is an error page, as its stored failures say
 * (error-pages.ts): one key seek into crawl_page_failures.
 */
export const isErrorPageSql = sql`EXISTS (SELECT 1 FROM ${crawlPageFailures} e
  WHERE e.crawl_id = ${crawlPages.crawlId} AND e.check_id = ${ERROR_PAGE_CHECK} AND e.crawl_page_id = ${crawlPages.id})`;

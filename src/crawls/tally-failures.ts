import { sql, type SQL } from "drizzle-orm";
import { crawlPageFailures, crawlPages } from "../db/schema";
import { MAX_ISSUE_EXAMPLES, type CheckTally } from "../site/issues/issue-rows";

/**
 * Counts a set of (check_id, crawl_page_id) rows per check and keeps the first few pages' URLs (by page id), in one
 * statement: SQLite numbers each check's rows and joins only the kept ones to their URL, so the Worker receives at
 * most five rows per check whatever the crawl's size.
 */
export const tallyStatement = (set: SQL) => sql`
  SELECT t.check_id AS "check", t.n AS n, p.url AS url FROM (
    SELECT check_id, crawl_page_id, count(*) OVER (PARTITION BY check_id) AS n,
      row_number() OVER (PARTITION BY check_id ORDER BY crawl_page_id) AS rn
    FROM (${set})
  ) t JOIN ${crawlPages} p ON p.id = t.crawl_page_id
  WHERE t.rn <= ${MAX_ISSUE_EXAMPLES} ORDER BY t.check_id, t.rn`;

/** The rows of a tallyStatement, by check. */
export function tallies(rows: Record<string, unknown>[]): Map<string, CheckTally> {
  const out = new Map<string, CheckTally>();
  for (const row of rows) {
    const check = String(row.check);
    const tally = out.get(check) ?? { pages: Number(row.n), examples: [] };
    tally.examples.push(String(row.url));
    out.set(check, tally);
  }
  return out;
}

/** Every failure of one crawl. */
export const failuresOf = (crawlId: number) =>
  sql`SELECT ${crawlPageFailures.checkId} AS check_id, ${crawlPageFailures.crawlPageId} AS crawl_page_id FROM ${crawlPageFailures} WHERE ${crawlPageFailures.crawlId} = ${crawlId}`;

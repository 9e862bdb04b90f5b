import { sql, type SQL } from "drizzle-orm";
import { crawlPageFailures as f, crawlPages } from "../db/schema";
import { MAX_ISSUE_EXAMPLES, type CheckTally } from "../site/issues/issue-rows";

/**
 * Counts one crawl's failures per check and keeps the first few pages' URLs (by page id), in one statement: the
 * count walks the failures' key; each check's examples are a LIMIT 5 seek on it, joined alone to their URL. So the
 * Worker receives at most five rows per check whatever the crawl's size. `where` narrows the failures (alias `x`)
 * with their page (alias `xp`); without it the count reads the key alone.
 */
export function tallyStatement(crawlId: number, where?: SQL) {
  const from = where
    ? sql`${f} x JOIN ${crawlPages} xp ON xp.id = x.crawl_page_id WHERE x.crawl_id = ${crawlId} AND ${where}`
    : sql`${f} x WHERE x.crawl_id = ${crawlId}`;
  return sql`
    SELECT c.check_id AS "check", c.n AS n, p.url AS url FROM (SELECT x.check_id AS check_id, count(*) AS n FROM ${from} GROUP BY x.check_id) c
    JOIN ${crawlPages} p ON p.id IN (SELECT x.crawl_page_id FROM ${from} AND x.check_id = c.check_id ORDER BY x.crawl_page_id LIMIT ${MAX_ISSUE_EXAMPLES})
    ORDER BY c.check_id, p.id`;
}

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

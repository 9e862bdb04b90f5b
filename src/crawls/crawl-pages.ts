import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import type { CrawlPageJob } from "../reports/analysis-job";
import { firstState, settledState, type FrontierPage, type LinkFinds } from "../site/crawl-frontier";
import type { PageFacts } from "../site/page-facts";
import type { CrawlSource } from "../site/terms";

/*
 * The one writer of a crawl's page rows (crawl_pages), as crawl-lifecycle.ts is of the crawl's row: no other file
 * inserts, updates or deletes them (others put these statements in their batches). What a row becomes is decided by
 * the frontier (site/crawl-frontier.ts); here it is stored, set-based, so a 100,000-page crawl never reads its rows.
 *
 *   (none) -> pending | blocked   written once: discovery's seeds, or the candidates of an audited page's links while
 *                                 the crawl has room (INSERT OR IGNORE: a URL is one row); `blocked` (robots.txt) is final
 *   pending -> (gone)             past the account's monthly quota before it got a report (dropPastRoom): never crawled
 *   pending: report_id set once   its report and generation (materialize-pages.ts), only while it has none
 *   pending -> audited | failed   its analysis ended (settlePage), only while it is pending and its crawl running, so a
 *                                 late or duplicate consumer, or a cancelled crawl, changes nothing
 *   pending -> failed             the queue refused its message (failRefused)
 *   any: linked, depth            a later link marks it linked and lowers its depth, never raises it
 *   gone                          with its crawl (deletePages), or its crawl's pruning (prunePages, in chunks)
 */

/** Pages as JSON rows for json_each: one bound value per statement, however many pages (D1 caps a value at 2 MB). */
const rowsOf = (pages: FrontierPage[]) =>
  JSON.stringify(pages.map((p) => ({ u: p.url, d: p.depth, s: p.inSitemap ? 1 : 0, l: p.linked ? 1 : 0, b: firstState(p) })));

const insertRows = (crawlId: number, json: string, tail: SQL = sql``) => sql`
  INSERT OR IGNORE INTO ${crawlPages} (crawl_id, url, depth, in_sitemap, linked, state)
  SELECT ${crawlId}, json_extract(value, '$.u'), json_extract(value, '$.d'), json_extract(value, '$.s'), json_extract(value, '$.l'),
    json_extract(value, '$.b')
  FROM json_each(${json}) ${tail}`;

/** Discovery's pages (a chunk of them), each `pending` or `blocked`. */
export const insertSeeds = (crawlId: number, pages: FrontierPage[]) => insertRows(crawlId, rowsOf(pages));

/**
 * An audited page's finds: the pages reached marked linked at their lowest depth, then the candidates inserted in
 * link order while the crawl of `limit` pages has room (the INSERT counts the room left). `leftOut` (when there were
 * candidates) is true after the batch if one of them found no room: the crawl's recount says it is truncated.
 */
export function linkPages(crawlId: number, limit: number, finds: LinkFinds): { statements: SQL[]; leftOut: SQL | null } {
  const markLinked = sql`
    UPDATE ${crawlPages} SET linked = 1, depth = min(depth, ${finds.depth})
    WHERE crawl_id = ${crawlId} AND url IN (SELECT value FROM json_each(${JSON.stringify(finds.reached)}))`;
  if (finds.candidates.length === 0) return { statements: [markLinked], leftOut: null };
  const json = rowsOf(finds.candidates);
  const isNew = sql`json_extract(value, '$.u') NOT IN (SELECT url FROM ${crawlPages} WHERE crawl_id = ${crawlId})`;
  const room = sql`max(0, ${limit} - (SELECT count(*) FROM ${crawlPages} WHERE crawl_id = ${crawlId}))`;
  return {
    statements: [markLinked, insertRows(crawlId, json, sql`WHERE ${isNew} ORDER BY key LIMIT ${room}`)],
    leftOut: sql`EXISTS (SELECT 1 FROM json_each(${json}) WHERE ${isNew})`,
  };
}

/** The crawl's pending pages without a report yet (as `p`). */
export const awaitingReport = (crawlId: number) => sql`p.crawl_id = ${crawlId} AND p.state = 'pending' AND p.report_id IS NULL`;

/** Pages of `which` that the room left (SQL) cannot take, in id order. */
export const pastRoom = (which: SQL, room: SQL) => sql`SELECT p.id FROM ${crawlPages} p WHERE ${which} ORDER BY p.id LIMIT -1 OFFSET ${room}`;

/**
 * The pages of `which` past the account's monthly quota (`room` left, SQL): removed before they get a report, as the
 * pages past a crawl's limit are never inserted (the crawl says it is truncated, and why: crawl-lifecycle.ts).
 */
export const dropPastRoom = (which: SQL, room: SQL) => sql`DELETE FROM ${crawlPages} WHERE id IN (${pastRoom(which, room)})`;

/** After their generations started: each page of `which` gets the account's latest report of its URL. */
export const attachReports = (crawl: Pick<Crawl, "accountId">, which: SQL) => sql`
  UPDATE ${crawlPages} AS p SET
    report_id = (SELECT max(r.id) FROM reports r WHERE r.account_id = ${crawl.accountId} AND r.url = p.url),
    generation = (SELECT r.generation FROM reports r WHERE r.account_id = ${crawl.accountId} AND r.url = p.url ORDER BY r.id DESC LIMIT 1)
  WHERE ${which}
  RETURNING id, report_id, generation`;

/** Pages whose message the queue refused: failed, if still pending. */
export const failRefused = (db: Db, ids: number[], settledAt: string) =>
  db
    .update(crawlPages)
    .set({ state: settledState(false), settledAt })
    .where(and(inArray(crawlPages.id, ids), eq(crawlPages.state, "pending")));

/** A page's analysis has ended (audited, or failed: facts null): only a pending page of a running crawl settles. */
export const settlePage = (db: Db, job: Pick<CrawlPageJob, "crawlId" | "crawlPageId">, audited: boolean, facts: PageFacts | null, now: string) =>
  db
    .update(crawlPages)
    .set({ state: settledState(audited), facts, settledAt: now })
    .where(
      and(
        eq(crawlPages.id, job.crawlPageId),
        eq(crawlPages.crawlId, job.crawlId),
        eq(crawlPages.state, "pending"),
        // A cancelled crawl's pages stay as they were when it stopped.
        sql`EXISTS (SELECT 1 FROM ${crawls} WHERE ${crawls.id} = ${job.crawlId} AND ${crawls.status} = 'running')`,
      ),
    )
    // The crawl's source rides along: a sitemap crawl's page skips link discovery's read of the crawl. Named, for a
    // batch that reads its rows as D1 returns them (the generation's end).
    .returning({
      depth: crawlPages.depth,
      url: crawlPages.url,
      source: sql<CrawlSource>`(SELECT ${crawls.source} FROM ${crawls} WHERE ${crawls.id} = ${job.crawlId})`.as("source"),
    });

/**
 * Whether a page of the crawl is still pending (1, else 0), as a column the crawl's touch returns in a settle's batch.
 * Batches run one at a time, so of the pages settling last, the batch that runs last sees none pending; the others
 * need not try the finalising claim.
 */
export const anyPagePending = (crawlId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${crawlPages} WHERE ${crawlPages.crawlId} = ${crawlId} AND ${crawlPages.state} = 'pending')`.as("pending");

/** The condition that the job's page is still pending, for a statement of another table in the same batch. */
export const pagePending = (job: Pick<CrawlPageJob, "crawlId" | "crawlPageId">) =>
  sql`EXISTS (SELECT 1 FROM ${crawlPages} WHERE ${crawlPages.id} = ${job.crawlPageId} AND ${crawlPages.crawlId} = ${job.crawlId} AND ${crawlPages.state} = 'pending')`;

/** A deleted crawl's pages. */
export const deletePages = (db: Db, crawlId: number) => db.delete(crawlPages).where(eq(crawlPages.crawlId, crawlId));

/** At most `rows` of a pruned crawl's pages (its failures and links go first: they name its pages). */
export const prunePages = (crawlId: number, rows: number) =>
  sql`DELETE FROM ${crawlPages} WHERE rowid IN (SELECT rowid FROM ${crawlPages} WHERE crawl_id = ${crawlId} LIMIT ${rows})`;

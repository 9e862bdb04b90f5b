import { and, asc, count, eq, gt, isNull, lte, max, min, sql } from "drizzle-orm";
import type { LinkAnswer } from "../analysis/check-link";
import { crawlLinks, crawlPages, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import type { PageBatches } from "../site/checks/index";
import type { SitePage } from "../site/checks/types";
import type { CrawlSiteFacts } from "../site/discovery/llms-links";
import { robotsPolicy } from "../site/discovery/robots-rules";
import { planLinkChecksOver, type LinkCheckBounds } from "../site/link-plan";
import type { PageFacts } from "../site/page-facts";
import type { LinkKind } from "../site/terms";

/*
 * A crawl's link targets and their answers (docs/crawls.md "Link checks"): planned once its last page has settled
 * (site/link-plan.ts), asked for by the crawl queue's steps (check-links-step.ts), read by the site checks.
 */

/**
 * The crawl's pages as the site checks read them, `size` at a time in crawl_pages.id order, so no more than a batch
 * of facts is held at once. Keyset on the primary key between the crawl's first and last id, each batch after the last
 * id of the one before, walking the table's id order and skipping other crawls' rows (`+crawl_id` keeps SQLite off the
 * (crawl_id, url) index, which would sort all the crawl's rows for every batch).
 */
export const sitePageBatches =
  (db: Db, crawlId: number, size: number): PageBatches =>
  async (each) => {
    const [span] = await db
      .select({ first: min(crawlPages.id), last: max(crawlPages.id) })
      .from(crawlPages)
      .where(eq(crawlPages.crawlId, crawlId));
    if (span?.first == null || span.last == null) return;
    let after = span.first - 1;
    for (;;) {
      const rows = await db
        .select({ id: crawlPages.id, url: crawlPages.url, state: crawlPages.state, inSitemap: crawlPages.inSitemap, facts: crawlPages.facts })
        .from(crawlPages)
        .where(and(sql`+${crawlPages.crawlId} = ${crawlId}`, gt(crawlPages.id, after), lte(crawlPages.id, span.last)))
        .orderBy(asc(crawlPages.id))
        .limit(size);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      each(rows.map(({ id: _, ...row }): SitePage => ({ ...row, facts: (row.facts as PageFacts | null) ?? null })));
      if (rows.length < size) return;
    }
  };

/**
 * Writes the crawl's planned link targets (again after a lost finaliser: targets already there keep their answers)
 * and returns how many are still to be asked.
 */
export async function planCrawlLinks(db: Db, crawl: Crawl, pages: PageBatches, bounds: LinkCheckBounds): Promise<number> {
  const robots = (crawl.siteFacts as CrawlSiteFacts | null)?.robots;
  const planned = await planLinkChecksOver(pages, robots ? robotsPolicy(robots) : () => true, bounds);
  if (planned.length > 0) {
    const rows = planned.map((link) => ({ u: link.url, k: link.kind, s: link.answer?.status ?? null, e: link.answer?.error ?? null, c: link.answer ? 1 : 0 }));
    await db.run(sql`
      INSERT OR IGNORE INTO ${crawlLinks} (crawl_id, url, kind, status, error, checked_at)
      SELECT ${crawl.id}, json_extract(value, '$.u'), json_extract(value, '$.k'), json_extract(value, '$.s'), json_extract(value, '$.e'),
        CASE json_extract(value, '$.c') WHEN 1 THEN ${new Date().toISOString()} END
      FROM json_each(${JSON.stringify(rows)})`);
  }
  return pendingLinks(db, crawl.id);
}

const isPending = (crawlId: number) => and(eq(crawlLinks.crawlId, crawlId), isNull(crawlLinks.checkedAt));

export async function pendingLinks(db: Db, crawlId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(crawlLinks).where(isPending(crawlId));
  return row?.n ?? 0;
}

/** The next targets to ask, in plan order (internal first, most linked first). */
export const nextLinks = (db: Db, crawlId: number, max: number): Promise<{ url: string; kind: LinkKind }[]> =>
  db.select({ url: crawlLinks.url, kind: crawlLinks.kind }).from(crawlLinks).where(isPending(crawlId)).orderBy(asc(crawlLinks.id)).limit(max);

/** A step's answers, written in one statement. */
export async function storeLinkAnswers(db: Db, crawlId: number, answers: Map<string, LinkAnswer>): Promise<void> {
  if (answers.size === 0) return;
  const rows = [...answers].map(([url, answer]) => ({ u: url, s: answer.status, e: answer.error }));
  await db.run(sql`
    UPDATE ${crawlLinks} SET status = json_extract(value, '$.s'), error = json_extract(value, '$.e'), checked_at = ${new Date().toISOString()}
    FROM json_each(${JSON.stringify(rows)})
    WHERE ${crawlLinks.crawlId} = ${crawlId} AND ${crawlLinks.url} = json_extract(value, '$.u')`);
}

/** Every answered target of the crawl, for the site checks. */
export async function linkAnswersOf(db: Db, crawlId: number): Promise<Map<string, LinkAnswer>> {
  const rows = await db
    .select({ url: crawlLinks.url, status: crawlLinks.status, error: crawlLinks.error })
    .from(crawlLinks)
    .where(and(eq(crawlLinks.crawlId, crawlId), sql`${crawlLinks.checkedAt} IS NOT NULL`));
  return new Map(rows.map((row) => [row.url, { status: row.status, error: row.error }]));
}

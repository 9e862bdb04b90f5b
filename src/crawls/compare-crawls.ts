import { and, desc, eq, lt, sql } from "drizzle-orm";
import { runBatch } from "../db/batch";
import { ApiError } from "../http/errors";
import { crawlPageFailures as f, crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { comparison, type CheckChange, type Comparison } from "../site/issues/compare";
import { MAX_ISSUE_EXAMPLES, type CheckTally } from "../site/issues/issue-rows";
import { changedPages, type ChangedPages } from "./changed-pages";
import { checkTallies } from "./list-crawl-issues";
import { tallies, tallyStatement } from "./tally-failures";

/** The crawl a compare is made with by default: its previous run, else the project's last completed crawl before it. */
export async function defaultBaseline(db: Db, crawl: Crawl): Promise<Crawl | undefined> {
  const completedOfProject = and(eq(crawls.accountId, crawl.accountId), eq(crawls.project, crawl.project), eq(crawls.status, "completed"));
  if (crawl.previousId) {
    const previous = await db.select().from(crawls).where(and(eq(crawls.id, crawl.previousId), completedOfProject)).get();
    if (previous) return previous;
  }
  return db.select().from(crawls).where(and(completedOfProject, lt(crawls.id, crawl.id))).orderBy(desc(crawls.id)).limit(1).get();
}

// Whether a failure (x, its page xp) of one crawl has its URL failing the same check in crawl b.
const failsIn = (b: number) => sql`EXISTS (
  SELECT 1 FROM ${crawlPages} q JOIN ${f} y ON y.crawl_id = ${b} AND y.check_id = x.check_id AND y.crawl_page_id = q.id
  WHERE q.crawl_id = ${b} AND q.url = xp.url)`;

// A failure of b (x, xp) whose URL crawl a audited and passed.
const passedIn = (a: number) => sql`EXISTS (
  SELECT 1 FROM ${crawlPages} p WHERE p.crawl_id = ${a} AND p.url = xp.url AND p.state = 'audited'
    AND NOT EXISTS (SELECT 1 FROM ${f} y WHERE y.crawl_id = ${a} AND y.check_id = x.check_id AND y.crawl_page_id = p.id))`;

// Pages of a whose URL b does not have: their count and the first few, under one pseudo check.
function pagesOnlyIn(a: number, b: number) {
  const only = sql`${crawlPages} p WHERE p.crawl_id = ${a} AND NOT EXISTS (SELECT 1 FROM ${crawlPages} q WHERE q.crawl_id = ${b} AND q.url = p.url)`;
  return sql`SELECT 'pages' AS "check", (SELECT count(*) FROM ${only}) AS n, p.url AS url FROM ${only} ORDER BY p.id LIMIT ${MAX_ISSUE_EXAMPLES}`;
}

const countsOf = (crawlId: number) => sql`SELECT check_id AS "check", count(*) AS n FROM ${f} WHERE crawl_id = ${crawlId} GROUP BY check_id`;

const none = (): CheckTally => ({ pages: 0, examples: [] });

/**
 * Compares crawl `now` with crawl `before` (both the caller's, checked before) in one D1 batch over the stored
 * failures: every set is counted and cut to its examples in SQL, so the Worker holds a few rows per check.
 */
export async function compareCrawls(db: Db, now: Crawl, before: Crawl): Promise<Comparison> {
  const [fresh, remaining, fixed, added, removed, countsNow, countsBefore] = await runBatch(db, [
    tallyStatement(now.id, sql`NOT ${failsIn(before.id)}`),
    tallyStatement(now.id, failsIn(before.id)),
    tallyStatement(before.id, passedIn(now.id)),
    pagesOnlyIn(now.id, before.id),
    pagesOnlyIn(before.id, now.id),
    countsOf(now.id),
    countsOf(before.id),
  ]);
  const byCheck = { new: tallies(fresh!.results), remaining: tallies(remaining!.results), fixed: tallies(fixed!.results) };
  const count = (rows: Record<string, unknown>[]) => new Map(rows.map((row) => [String(row.check), Number(row.n)]));
  const [nowCounts, beforeCounts] = [count(countsNow!.results), count(countsBefore!.results)];
  const changes = new Map<string, CheckChange>();
  for (const id of new Set([...nowCounts.keys(), ...beforeCounts.keys()])) {
    changes.set(id, {
      new: byCheck.new.get(id) ?? none(),
      fixed: byCheck.fixed.get(id) ?? none(),
      remaining: byCheck.remaining.get(id) ?? none(),
      before: beforeCounts.get(id) ?? 0,
      now: nowCounts.get(id) ?? 0,
    });
  }
  return comparison({
    crawl: now.id,
    with: before.id,
    scores: { from: before.score, to: now.score },
    pageChanges: changes,
    site: { before: before.siteChecks as Record<string, unknown> | null, now: now.siteChecks as Record<string, unknown> | null },
    pages: { added: tallies(added!.results).get("pages") ?? none(), removed: tallies(removed!.results).get("pages") ?? none() },
  });
}


/**
 * A compare where one crawl was pruned (its page rows gone): per check the counts before and now, the audited pages
 * and the score; which pages changed is gone, so a page check's new, fixed and remaining are null (site checks still
 * compare by verdict), as are the pages added and removed. `detail: "crawl"` says so.
 */
export async function compareAtCrawlLevel(db: Db, now: Crawl, before: Crawl) {
  const [is, was] = await Promise.all([checkTallies(db, now), checkTallies(db, before)]);
  const changes = new Map<string, CheckChange>();
  for (const id of new Set([...is.checks.keys(), ...was.checks.keys()])) {
    changes.set(id, { new: none(), fixed: none(), remaining: none(), before: was.checks.get(id)?.pages ?? 0, now: is.checks.get(id)?.pages ?? 0 });
  }
  const base = comparison({
    crawl: now.id,
    with: before.id,
    scores: { from: before.score, to: now.score },
    pageChanges: changes,
    site: { before: before.siteChecks as Record<string, unknown> | null, now: now.siteChecks as Record<string, unknown> | null },
    pages: { added: none(), removed: none() },
  });
  const unknown = { new: null, fixed: null, remaining: null };
  return {
    ...base,
    detail: "crawl" as const,
    audited: { before: was.audited, now: is.audited },
    pages: { added: null, removed: null },
    failures: unknown,
    checks: base.checks.map((row) => (row.kind === "site" ? row : { ...row, ...unknown, examples: { new: [], fixed: [], remaining: [] } })),
  };
}

export type CrawlLevelComparison = Awaited<ReturnType<typeof compareAtCrawlLevel>>;

const withMessage = "The with field must be the id of one of your completed crawls.";

/**
 * The compare the API and the MCP answer: the crawl (the caller's, found before) must have completed (409); `withId`
 * must be a completed crawl of the account (422); without it, no earlier completed crawl of the project is a 404.
 */
export async function compareWith(
  db: Db,
  crawl: Crawl,
  withId: number | undefined,
): Promise<(Comparison & { detail: "pages"; changed: ChangedPages }) | (CrawlLevelComparison & { changed: null })> {
  if (crawl.status !== "completed") throw new ApiError(409, "The crawl has not completed: compare it once it has.");
  const before =
    withId === undefined
      ? await defaultBaseline(db, crawl)
      : await db.select().from(crawls).where(and(eq(crawls.id, withId), eq(crawls.accountId, crawl.accountId), eq(crawls.status, "completed"))).get();
  if (!before && withId !== undefined) throw new ApiError(422, withMessage, { with: [withMessage] });
  if (!before) throw new ApiError(404, "No earlier completed crawl of this project to compare with.");
  if (crawl.prunedAt !== null || before.prunedAt !== null) return { ...(await compareAtCrawlLevel(db, crawl, before)), changed: null };
  const [compared, changed] = await Promise.all([compareCrawls(db, crawl, before), changedPages(db, crawl.id, before.id)]);
  return { ...compared, changed, detail: "pages" };
}

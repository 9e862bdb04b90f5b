import type { SiteVerdict } from "../checks/types";
import { byImportanceThenPages, checkInfo, type CheckInfo } from "./check-info";
import { MAX_ISSUE_EXAMPLES, siteTally, type CheckTally } from "./issue-rows";

/**
 * One check between two crawls, pages matched by URL: `new` fails now on a URL that did not fail it before (a page
 * new to the site included), `fixed` failed before on a URL audited now that passes it, `remaining` fails in both;
 * `before` and `now` are its whole counts (a page gone from the site is in neither new nor fixed).
 */
export interface CheckChange {
  new: CheckTally;
  fixed: CheckTally;
  remaining: CheckTally;
  before: number;
  now: number;
}

export interface CompareRow extends CheckInfo {
  new: number;
  fixed: number;
  remaining: number;
  /** Pages failing it in the other crawl, and in this one (a site check: its problems). */
  before: number;
  now: number;
  examples: { new: string[]; fixed: string[]; remaining: string[] };
}

export interface ScoreChange {
  from: number | null;
  to: number | null;
  change: number | null;
}

/** What `crawl.completed` carries: the compare without its per-check rows and examples. */
export interface CompareSummary {
  crawl: number;
  with: number;
  score: ScoreChange;
  pages: { added: number; removed: number };
  /** Checks failing now on no page before (new), and failing before on no page now (fixed). */
  issues: { new: string[]; fixed: string[] };
  /** (page, check) failures: the sums of the rows' new, fixed and remaining. */
  failures: { new: number; fixed: number; remaining: number };
}

export interface Comparison extends Omit<CompareSummary, "pages"> {
  pages: { added: CheckTally; removed: CheckTally };
  checks: CompareRow[];
}

export interface CompareInput {
  crawl: number;
  with: number;
  scores: { from: number | null; to: number | null };
  pageChanges: Map<string, CheckChange>;
  site: { before: Record<string, unknown> | null; now: Record<string, unknown> | null };
  pages: { added: CheckTally; removed: CheckTally };
}

const none: CheckTally = { pages: 0, examples: [] };

/** A site check compares by verdict: it has no pages to match, only its problems now and before. */
function siteChange(before: SiteVerdict | undefined, now: SiteVerdict | undefined): CheckChange {
  const was = siteTally(before);
  const is = siteTally(now);
  return {
    new: is && !was ? is : none,
    fixed: was && !is ? was : none,
    remaining: is && was ? is : none,
    before: was?.pages ?? 0,
    now: is?.pages ?? 0,
  };
}

/** The compare of two crawls from their per-check changes (SQL in the service, memory in the CLI). */
export function comparison(input: CompareInput): Comparison {
  const changes = new Map(input.pageChanges);
  for (const id of new Set([...Object.keys(input.site.before ?? {}), ...Object.keys(input.site.now ?? {})])) {
    if (checkInfo(id)?.kind !== "site") continue;
    changes.set(id, siteChange(input.site.before?.[id] as SiteVerdict | undefined, input.site.now?.[id] as SiteVerdict | undefined));
  }
  const rows: (CompareRow & { pages: number; change: CheckChange })[] = [];
  for (const [id, change] of changes) {
    const info = checkInfo(id);
    if (!info || (change.before === 0 && change.now === 0)) continue;
    rows.push({
      ...info,
      new: change.new.pages,
      fixed: change.fixed.pages,
      remaining: change.remaining.pages,
      before: change.before,
      now: change.now,
      examples: { new: change.new.examples, fixed: change.fixed.examples, remaining: change.remaining.examples },
      pages: change.new.pages + change.remaining.pages,
      change,
    });
  }
  rows.sort(byImportanceThenPages);
  const sum = (key: "new" | "fixed" | "remaining") => rows.reduce((total, row) => total + row[key], 0);
  const { from, to } = input.scores;
  return {
    crawl: input.crawl,
    with: input.with,
    score: { from, to, change: from === null || to === null ? null : to - from },
    pages: input.pages,
    issues: {
      new: rows.filter((r) => r.change.now > 0 && r.change.before === 0).map((r) => r.check),
      fixed: rows.filter((r) => r.change.before > 0 && r.change.now === 0).map((r) => r.check),
    },
    failures: { new: sum("new"), fixed: sum("fixed"), remaining: sum("remaining") },
    checks: rows.map(({ pages: _pages, change: _change, ...row }) => row),
  };
}

export const summaryOf = (c: Comparison): CompareSummary => ({
  crawl: c.crawl,
  with: c.with,
  score: c.score,
  pages: { added: c.pages.added.pages, removed: c.pages.removed.pages },
  issues: c.issues,
  failures: c.failures,
});

type PageFailures = { url: string; failed: readonly string[] };

/** In-process per-check changes between two lists of audited pages (the CLI's --baseline). */
export function pageChangesOf(before: PageFailures[], now: PageFailures[]): { changes: Map<string, CheckChange>; added: CheckTally; removed: CheckTally } {
  const was = new Map(before.map((p) => [p.url, new Set(p.failed)]));
  const is = new Map(now.map((p) => [p.url, new Set(p.failed)]));
  const changes = new Map<string, CheckChange>();
  const changeOf = (id: string) => {
    const change = changes.get(id) ?? { new: { pages: 0, examples: [] }, fixed: { pages: 0, examples: [] }, remaining: { pages: 0, examples: [] }, before: 0, now: 0 };
    changes.set(id, change);
    return change;
  };
  const count = (tally: CheckTally, url: string) => {
    tally.pages += 1;
    if (tally.examples.length < MAX_ISSUE_EXAMPLES) tally.examples.push(url);
  };
  for (const [url, failed] of is) {
    for (const id of failed) {
      const change = changeOf(id);
      change.now += 1;
      count(was.get(url)?.has(id) ? change.remaining : change.new, url);
    }
  }
  for (const [url, failed] of was) {
    for (const id of failed) {
      const change = changeOf(id);
      change.before += 1;
      if (is.has(url) && !is.get(url)!.has(id)) count(change.fixed, url);
    }
  }
  const tallyOf = (urls: string[]): CheckTally => ({ pages: urls.length, examples: urls.slice(0, MAX_ISSUE_EXAMPLES) });
  return {
    changes,
    added: tallyOf([...is.keys()].filter((url) => !was.has(url))),
    removed: tallyOf([...was.keys()].filter((url) => !is.has(url))),
  };
}

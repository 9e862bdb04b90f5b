import type { SiteVerdict } from "../checks/types";
import { byImportanceThenPages, checkInfo, type CheckInfo } from "./check-info";
import { ERROR_PAGE_CHECK } from "./error-pages";

/** How many pages failed one check, and the first few of them. */
export interface CheckTally {
  pages: number;
  examples: string[];
}

/**
 * A pruned crawl's page-level facts kept on its row: each failing page check's tally (count and first URLs) and its
 * pages by state, so its issues and a crawl-level compare answer once its page rows are gone.
 */
export interface IssueSummary {
  checks: Record<string, CheckTally>;
  pages: Record<string, number>;
}

export const MAX_ISSUE_EXAMPLES = 5;

/** One failing check across a crawl (docs/crawls.md "Issues and compare"). */
export type IssueRow = CheckInfo & {
  pages: number;
  /**
   * 0-1, of the pages the check counts: a content check's pages over the audited pages that answered 200 (the error
   * pages, counted by `http_status` only, left out); `http_status`'s over every audited page, and a site check's
   * count of problems over them too.
   */
  share: number;
  examples: string[];
};

/** The URLs a site check's examples name: a URL, a problem with its `url`, or a group of `urls` (the duplicates). */
export function siteExampleUrls(examples: unknown[], max = MAX_ISSUE_EXAMPLES): string[] {
  const urls = examples.flatMap((example): unknown[] => {
    if (typeof example === "string") return [example];
    if (example && typeof example === "object") {
      const { url, urls } = example as { url?: unknown; urls?: unknown };
      if (typeof url === "string") return [url];
      if (Array.isArray(urls)) return urls;
    }
    return [];
  });
  return [...new Set(urls.filter((url): url is string => typeof url === "string"))].slice(0, max);
}

/** A failed, applicable site check's tally. */
export const siteTally = (verdict: SiteVerdict | undefined): CheckTally | null =>
  verdict && verdict.applicable && !verdict.passed ? { pages: verdict.count, examples: siteExampleUrls(verdict.examples) } : null;

/**
 * The issue list of a crawl: page checks' tallies (counted in SQL by the service, in memory by the CLI) and the
 * failed site checks, sorted by importance then pages. Checks neither registry knows any more are left out.
 */
export function issueRows(pageTallies: Map<string, CheckTally>, siteVerdicts: Record<string, unknown> | null, audited: number): IssueRow[] {
  const rows: IssueRow[] = [];
  // The error pages are the pages failing http_status: the tallies already say how many (error-pages.ts).
  const contentPages = audited - (pageTallies.get(ERROR_PAGE_CHECK)?.pages ?? 0);
  const over = (id: string, info: CheckInfo) => (info.kind === "page" && id !== ERROR_PAGE_CHECK ? contentPages : audited);
  const add = (id: string, tally: CheckTally | null) => {
    const info = checkInfo(id);
    if (!info || !tally || tally.pages === 0) return;
    const of = over(id, info);
    rows.push({ ...info, pages: tally.pages, share: of > 0 ? Math.round((tally.pages / of) * 1000) / 1000 : 0, examples: tally.examples });
  };
  for (const [id, tally] of pageTallies) if (checkInfo(id)?.kind === "page") add(id, tally);
  for (const [id, verdict] of Object.entries(siteVerdicts ?? {})) if (checkInfo(id)?.kind === "site") add(id, siteTally(verdict as SiteVerdict));
  return rows.sort(byImportanceThenPages);
}

/** In-process tally of pages' failed checks (the CLI's crawl): the same counts the service's SQL makes. */
export function tallyPages(pages: { url: string; failed: readonly string[] }[]): Map<string, CheckTally> {
  const tallies = new Map<string, CheckTally>();
  for (const page of pages) {
    for (const id of page.failed) {
      const tally = tallies.get(id) ?? { pages: 0, examples: [] };
      tally.pages += 1;
      if (tally.examples.length < MAX_ISSUE_EXAMPLES) tally.examples.push(page.url);
      tallies.set(id, tally);
    }
  }
  return tallies;
}

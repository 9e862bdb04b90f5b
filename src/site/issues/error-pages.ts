/*
 * What a crawl counts of one audited page (docs/crawls.md "Error pages"): checks about a page's content count only
 * pages that answered 200 with HTML. An error page (4xx or 5xx, whatever HTML the site serves with it) is one broken
 * page: it counts once, under `http_status` (and in the link checks, which read its status), never also as a page
 * missing its description, title or h1, and it has no place in the crawl's score. A page that is not HTML at all
 * fails its analysis and counts in no page check. The one rule, applied where failures enter a crawl (the service's
 * stored failures, the command line's tallies and baselines) and where its score is taken.
 */

/** The page check an error page fails, and the only one a crawl counts it in. */
export const ERROR_PAGE_CHECK = "http_status";

/** Whether a page's failed checks say it answered an error status (4xx/5xx: it fails `http_status`). */
export const isErrorPage = (failed: readonly string[]): boolean => failed.includes(ERROR_PAGE_CHECK);

/** The failed checks a crawl counts of a page: all of them, or only `http_status` for an error page. */
export const countedFailures = (failed: readonly string[]): string[] => (isErrorPage(failed) ? [ERROR_PAGE_CHECK] : [...failed]);

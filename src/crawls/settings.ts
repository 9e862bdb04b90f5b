// Crawl limits that are not vars; the vars (MAX_CRAWL_PAGES and the rest) are read in src/config.ts.

/** No progress for this long fails a crawl (`crawl_stalled`). */
export const STALL_AFTER_MS = 30 * 60 * 1000;

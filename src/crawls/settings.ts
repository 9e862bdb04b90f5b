// Crawl limits that are not vars; the vars (MAX_CRAWL_PAGES and the rest) are read in src/config.ts.

/** Crawl-delay is honoured up to this many seconds (docs/crawls.md). */
export const MAX_CRAWL_DELAY_SECONDS = 30;
/** No progress for this long fails a crawl (`crawl_stalled`). */
export const STALL_AFTER_MS = 30 * 60 * 1000;

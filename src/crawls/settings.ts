/** Crawl settings (wrangler.toml vars, docs/configuration.md). */
export interface CrawlSettings {
  maxPages: number;
  maxDepth: number;
  maxActive: number;
  intervalMs: number;
}

const positive = (value: unknown, fallback: number, { allowZero = false } = {}) => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(n) && (n > 0 || (allowZero && n === 0)) ? n : fallback;
};

/** Crawl-delay is honoured up to this many seconds (docs/crawls.md). */
export const MAX_CRAWL_DELAY_SECONDS = 30;
/** No progress for this long fails a crawl (`crawl_stalled`). */
export const STALL_AFTER_MS = 30 * 60 * 1000;

export function crawlSettingsFromEnv(env: Env): CrawlSettings {
  return {
    maxPages: positive(env.MAX_CRAWL_PAGES, 1000),
    maxDepth: positive(env.MAX_CRAWL_DEPTH, 5, { allowZero: true }),
    maxActive: positive(env.MAX_ACTIVE_CRAWLS, 3),
    intervalMs: positive(env.CRAWL_INTERVAL_MS, 1000, { allowZero: true }),
  };
}

// The words a crawl is described in, shared by the service's rows (src/db/schema.ts) and the command line's crawls.

/** Where a crawl takes its URLs from. */
export const crawlSources = ["auto", "sitemap", "links"] as const;
export type CrawlSource = (typeof crawlSources)[number];

/** Where one URL of a crawl stands. */
export const crawlPageStates = ["pending", "audited", "failed", "blocked"] as const;
export type CrawlPageState = (typeof crawlPageStates)[number];

/** A link target of the crawl's host, or of another. */
export const linkKinds = ["internal", "external"] as const;
export type LinkKind = (typeof linkKinds)[number];

// The words a crawl is described in, shared by the service's rows (src/db/schema.ts) and the command line's crawls.

/** Where a crawl takes its URLs from. */
export const crawlSources = ["auto", "sitemap", "links"] as const;
export type CrawlSource = (typeof crawlSources)[number];

/** Whether a crawl follows the links of its audited pages: every source but `sitemap` (docs/crawls.md). */
export const followsLinks = (source: CrawlSource) => source !== "sitemap";

/** Where one URL of a crawl stands. */
export const crawlPageStates = ["pending", "audited", "failed", "blocked"] as const;
export type CrawlPageState = (typeof crawlPageStates)[number];

/** How a crawl found a URL: a sitemap lists it, a link of an audited page reaches it (the start URL included), or both. */
export const crawlFoundVia = ["sitemap", "links", "both"] as const;
export type CrawlFoundVia = (typeof crawlFoundVia)[number];

export const foundViaOf = (page: { inSitemap: boolean; linked: boolean }): CrawlFoundVia =>
  !page.inSitemap ? "links" : page.linked ? "both" : "sitemap";

/** A link target of the crawl's host, or of another. */
export const linkKinds = ["internal", "external"] as const;
export type LinkKind = (typeof linkKinds)[number];

import type { LlmsView } from "../discovery/llms-links";
import type { PageFacts } from "../page-facts";
import type { Category, Importance } from "../../analysis/types";
import type { CrawlPageState } from "../terms";

export interface SitePage {
  /** The URL the crawl audited (normalised), before redirects. */
  url: string;
  state: CrawlPageState;
  inSitemap: boolean;
  /** Null unless audited. */
  facts: PageFacts | null;
}

export interface SiteView {
  pages: SitePage[];
  /** A sitemap gave the crawl its URLs. */
  sitemapRead: boolean;
  /** Not every page's links were followed (truncated, or a sitemap-only crawl). */
  linkGraphPartial: boolean;
  /** The site's llms.txt: null when the crawl did not fetch it (started before it was read) or it has none. */
  llms: LlmsView | null;
}

export interface SiteVerdict {
  passed: boolean;
  applicable: boolean;
  /** Full number of problems; `examples` holds at most MAX_EXAMPLES of them. */
  count: number;
  examples: unknown[];
  value?: unknown;
}

/** A site-wide check: pure, over the crawl's page facts, the same shape as a page check. */
export interface SiteCheck {
  id: string;
  /** For the crawl's issue list: "seo" and "medium" unless said (site-wide problems are seo's, and rarely one page's worst). */
  category?: Category;
  importance?: Importance;
  title: string;
  fix: string;
  run(site: SiteView): SiteVerdict;
}

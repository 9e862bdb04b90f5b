import type { LinkAnswer } from "../../analysis/check-link";
import type { LlmsView } from "../discovery/llms-links";
import type { PageFacts } from "../page-facts";
import type { Category, Importance } from "../../analysis/types";
import type { CrawlPageState } from "../terms";
import type { PageIndex } from "./page-index";

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
  /** The crawl followed links at all (every source but `sitemap`): pages outside the sitemaps could be found. */
  linksFollowed: boolean;
  /** The site's llms.txt: null when the crawl did not fetch it (started before it was read) or it has none. */
  llms: LlmsView | null;
  /** Answers of the crawl's link checks by target URL (site/link-plan.ts); a target without one was not checked. */
  links: ReadonlyMap<string, LinkAnswer>;
}

export interface SiteVerdict {
  passed: boolean;
  applicable: boolean;
  /** Full number of problems; `examples` holds at most MAX_EXAMPLES of them. */
  count: number;
  examples: unknown[];
  value?: unknown;
  /** Some of what the check needed could not be verified (`value.not_checked`): shown as "partly checked". */
  partly_checked?: true;
}

/** What a check reads of the crawl besides its pages: the view without them, and the index of its audited pages. */
export type SiteContext = Omit<SiteView, "pages"> & { index: PageIndex };

/**
 * A site-wide check: pure, over the crawl's page facts, the same shape as a page check. It reads the pages in batches
 * (site/checks/index.ts): `scan` sees every batch once to learn what the verdict needs of all pages (bounded: hashes
 * and counts, never the facts), `add` sees them again once the index is complete and judges, `finish` gives the
 * verdict. `run` is the same over one batch of every page (the tests', and any caller holding the pages).
 */
export interface SiteCheckSteps<S> {
  id: string;
  /**
   * For the crawl's issue list and the command line's --fail-on: "seo" and "medium" unless said (site-wide problems are
   * seo's, and rarely one page's worst); `low` for what the site may not control (links to other sites).
   */
  category?: Category;
  importance?: Importance;
  title: string;
  fix: string;
  start(site: SiteContext): S;
  scan?(state: S, pages: SitePage[]): void;
  add(state: S, pages: SitePage[]): void;
  finish(state: S): SiteVerdict;
}

/** A check of the list, whatever its state. */
export interface SiteCheck<S = any> extends SiteCheckSteps<S> {
  run(site: SiteView): SiteVerdict;
}

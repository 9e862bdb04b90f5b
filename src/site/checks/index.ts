import type { LinkAnswer } from "../../analysis/check-link";
import { llmsView, type CrawlSiteFacts } from "../discovery/llms-links";
import { brokenExternalLinks } from "./broken-external-links";
import { brokenInternalLinks } from "./broken-internal-links";
import { canonicalToNonIndexable } from "./canonical-to-non-indexable";
import { duplicateH1 } from "./duplicate-h1";
import { duplicateMetaDescriptions } from "./duplicate-meta-descriptions";
import { duplicateTitles } from "./duplicate-titles";
import { hreflangReturnLinks } from "./hreflang-return-links";
import { llmsTxtLinks } from "./llms-txt-links";
import { notInSitemap } from "./not-in-sitemap";
import { orphanPages } from "./orphan-pages";
import { redirectChains } from "./redirect-chains";
import { sitemapBlocked } from "./sitemap-blocked";
import { sitemapCanonicalised } from "./sitemap-canonicalised";
import { sitemapNoindex } from "./sitemap-noindex";
import { sitemapNon200 } from "./sitemap-non-200";
import type { SiteCheck, SitePage, SiteVerdict, SiteView } from "./types";
import { emptyPageIndex, indexPages } from "./page-index";
import { followsLinks, type CrawlSource } from "../terms";

/** The only list of site checks (docs/crawls.md), in the order the crawl page shows them. */
export const siteChecks: SiteCheck[] = [
  duplicateTitles,
  duplicateMetaDescriptions,
  duplicateH1,
  sitemapNon200,
  sitemapNoindex,
  sitemapCanonicalised,
  sitemapBlocked,
  brokenInternalLinks,
  notInSitemap,
  brokenExternalLinks,
  orphanPages,
  redirectChains,
  canonicalToNonIndexable,
  hreflangReturnLinks,
  llmsTxtLinks,
];

/** A run of every site check over a crawl's pages fed in batches: each batch to `scan`, then each again to `judge`. */
export interface SiteCheckRun {
  scan(pages: SitePage[]): void;
  judge(pages: SitePage[]): void;
  finish(): Record<string, SiteVerdict>;
}

export function startSiteChecks(site: Omit<SiteView, "pages">): SiteCheckRun {
  const index = emptyPageIndex();
  const context = { ...site, index };
  const states = siteChecks.map((check) => check.start(context));
  return {
    scan(pages) {
      indexPages(index, pages);
      siteChecks.forEach((check, i) => check.scan?.(states[i], pages));
    },
    judge: (pages) => siteChecks.forEach((check, i) => check.add(states[i], pages)),
    finish: () => Object.fromEntries(siteChecks.map((check, i) => [check.id, check.finish(states[i])])),
  };
}

/** Reads a crawl's pages in batches, from the first, as many times as asked: each batch handed to `each`. */
export type PageBatches = (each: (pages: SitePage[]) => void) => Promise<void>;

/** The site checks over pages read in batches: two reads, never more than a batch of facts held at once. */
export async function runSiteChecksOver(batches: PageBatches, site: Omit<SiteView, "pages">): Promise<Record<string, SiteVerdict>> {
  const run = startSiteChecks(site);
  await batches(run.scan);
  await batches(run.judge);
  return run.finish();
}

/** The site checks over pages held at once: one batch of them all. */
export function runSiteChecks(site: SiteView): Record<string, SiteVerdict> {
  const run = startSiteChecks(site);
  run.scan(site.pages);
  run.judge(site.pages);
  return run.finish();
}

/** What the site checks read of a finished crawl besides its pages, built one way for the service's crawls and the CLI's. */
export const siteContextOf = (
  crawl: { discoveredBy: "sitemap" | "links" | null; truncated: boolean; source: CrawlSource; siteFacts: CrawlSiteFacts | null },
  links: ReadonlyMap<string, LinkAnswer> = new Map(),
): Omit<SiteView, "pages"> => ({
  sitemapRead: crawl.discoveredBy === "sitemap",
  linkGraphPartial: crawl.truncated || !followsLinks(crawl.source),
  linksFollowed: followsLinks(crawl.source),
  llms: llmsView(crawl.siteFacts),
  links,
});

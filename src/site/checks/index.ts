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

export const runSiteChecks = (site: SiteView): Record<string, SiteVerdict> =>
  Object.fromEntries(siteChecks.map((check) => [check.id, check.run(site)]));

/** What the site checks read of a finished crawl, built one way for the service's crawls and the CLI's. */
export const siteViewOf = (
  pages: SitePage[],
  crawl: { discoveredBy: "sitemap" | "links" | null; truncated: boolean; source: CrawlSource; siteFacts: CrawlSiteFacts | null },
  links: ReadonlyMap<string, LinkAnswer> = new Map(),
): SiteView => ({
  pages,
  sitemapRead: crawl.discoveredBy === "sitemap",
  linkGraphPartial: crawl.truncated || !followsLinks(crawl.source),
  linksFollowed: followsLinks(crawl.source),
  llms: llmsView(crawl.siteFacts),
  links,
});

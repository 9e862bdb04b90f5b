import { indexable } from "../analysis/checks/indexable";
import { metaContents, relTokens, textOf, titleElement } from "../analysis/checks/seo-helpers";
import { tags } from "../analysis/parse";
import type { Page } from "../analysis/types";
import { normalizeCrawlUrl, normalizedUrl } from "./discovery/normalize-url";

export const MAX_LINKS_KEPT = 1_000;
/** External targets kept per page: fewer, since every crawl page keeps its own and a site links out less. */
export const MAX_EXTERNAL_LINKS_KEPT = 100;
const MAX_TEXT = 300;

/** What the site checks need of one audited page: kept for the crawl's life, so small. */
export interface PageFacts {
  /** Final URL (normalised) and its status. */
  url: string;
  status: number;
  redirects: number;
  title: string | null;
  description: string | null;
  h1: string | null;
  canonical: string | null;
  noindex: boolean;
  /** Alternate URLs of <link rel="alternate" hreflang>, normalised. */
  hreflang: string[];
  /** Same-host link targets, normalised, deduplicated, at most MAX_LINKS_KEPT. */
  links: string[];
  /** Link targets on other hosts (http and https), normalised, deduplicated, at most MAX_EXTERNAL_LINKS_KEPT. */
  external?: string[];
}

const clip = (text: string | null | undefined) => (text ? text.slice(0, MAX_TEXT) : null);

/** The page's <a href> targets split by host, each list normalised, deduplicated and bounded. */
function linkTargets(page: Page): { links: string[]; external: string[] } {
  const links = new Set<string>();
  const external = new Set<string>();
  for (const a of tags(page, "a")) {
    const href = a.getAttribute("href");
    const url = href ? normalizedUrl(href, page.url) : null;
    if (!url) continue;
    if (url.hostname === page.url.hostname) {
      if (links.size < MAX_LINKS_KEPT) links.add(url.href);
    } else if (external.size < MAX_EXTERNAL_LINKS_KEPT) external.add(url.href);
    if (links.size >= MAX_LINKS_KEPT && external.size >= MAX_EXTERNAL_LINKS_KEPT) break;
  }
  return { links: [...links], external: [...external] };
}

/** Read from the parsed page the analysis already made: no request and no second parse. */
export function pageFactsOf(page: Page): PageFacts {
  const link = (rel: string) => tags(page, "link").filter((el) => relTokens(el).includes(rel));
  const canonicalHref = link("canonical")[0]?.getAttribute("href");
  const h1 = tags(page, "h1")[0];
  return {
    url: normalizeCrawlUrl(page.fetch.finalUrl) ?? page.fetch.finalUrl,
    status: page.fetch.status,
    redirects: page.fetch.redirects.length,
    title: clip(titleElement(page) ? textOf(titleElement(page)!) : null),
    description: clip(metaContents(page, "description")[0]?.content),
    h1: clip(h1 ? textOf(h1) : null),
    canonical: canonicalHref ? normalizeCrawlUrl(canonicalHref, page.url) : null,
    noindex: !indexable.run(page).passed,
    hreflang: link("alternate")
      .filter((el) => el.hasAttribute("hreflang"))
      .map((el) => normalizeCrawlUrl(el.getAttribute("href") ?? "", page.url))
      .filter((url): url is string => url !== null),
    ...linkTargets(page),
  };
}

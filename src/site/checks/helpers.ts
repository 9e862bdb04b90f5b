import type { PageFacts } from "../page-facts";
import type { SitePage, SiteVerdict, SiteView } from "./types";

export const MAX_EXAMPLES = 20;

export type AuditedPage = SitePage & { facts: PageFacts };

export const audited = (site: Pick<SiteView, "pages">): AuditedPage[] => site.pages.filter((p): p is AuditedPage => p.state === "audited" && p.facts !== null);

export const isOk = (status: number) => status >= 200 && status <= 299;

/**
 * Passed when nothing was found; examples capped, count whole. A check whose `value.not_checked` counts what it could
 * not verify says `partly_checked`: its pass is never a plain one.
 */
export function verdictOf(problems: unknown[], extra: { applicable?: boolean; value?: unknown } = {}): SiteVerdict {
  const applicable = extra.applicable ?? true;
  const notChecked = (extra.value as { not_checked?: number } | undefined)?.not_checked ?? 0;
  return {
    passed: !applicable || problems.length === 0,
    applicable,
    count: applicable ? problems.length : 0,
    examples: applicable ? problems.slice(0, MAX_EXAMPLES) : [],
    ...(extra.value !== undefined && { value: extra.value }),
    ...(applicable && notChecked > 0 && { partly_checked: true }),
  };
}

export const notApplicable = (): SiteVerdict => verdictOf([], { applicable: false });

/** Audited pages by the URL the crawl asked for and by their final URL. */
export function pagesByUrl(site: Pick<SiteView, "pages">): Map<string, AuditedPage> {
  const map = new Map<string, AuditedPage>();
  for (const page of audited(site)) {
    map.set(page.url, page);
    if (!map.has(page.facts.url)) map.set(page.facts.url, page);
  }
  return map;
}

/** Sitemap URLs among the crawl's pages; checks over them do not apply when no sitemap was read. */
export const sitemapPages = (site: SiteView) => site.pages.filter((p) => p.inSitemap);

/**
 * Groups of distinct final URLs that share a value (trimmed, case-folded) among audited 2xx pages: sitemap or link
 * URLs that redirect to one page count as that one page.
 */
export function duplicateGroups(site: SiteView, valueOf: (facts: PageFacts) => string | null): SiteVerdict {
  const pages = audited(site).filter((p) => isOk(p.facts.status));
  if (new Set(pages.map((p) => p.facts.url)).size < 2) return notApplicable();
  const groups = new Map<string, { value: string; urls: Set<string> }>();
  for (const { facts } of pages) {
    const value = valueOf(facts)?.trim();
    if (!value) continue;
    const key = value.toLocaleLowerCase();
    const group = groups.get(key) ?? { value, urls: new Set<string>() };
    group.urls.add(facts.url);
    groups.set(key, group);
  }
  const duplicates = [...groups.values()].filter((g) => g.urls.size > 1).map((g) => ({ value: g.value, urls: [...g.urls].sort() }));
  return verdictOf(duplicates);
}

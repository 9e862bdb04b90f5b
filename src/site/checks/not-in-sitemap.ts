import { audited, notApplicable, sitemapPages, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

/**
 * Indexable pages that links reach but no sitemap lists (medium). A link URL that redirects to a listed page, a
 * noindex page and a page canonicalised elsewhere are not pages to list; a page counts once by its final URL.
 */
export const notInSitemap: SiteCheck = {
  id: "not_in_sitemap",
  title: "Every indexable page is in the sitemap",
  fix: "Add these pages to the sitemap (or make them noindex if they should not be found): search engines find pages faster through it.",
  run(site) {
    if (!site.sitemapRead || !site.linksFollowed) return notApplicable();
    const listed = new Set(sitemapPages(site).flatMap((p) => (p.facts ? [p.url, p.facts.url] : [p.url])));
    const missing = new Set<string>();
    for (const { url, inSitemap, facts } of audited(site)) {
      const indexable = facts.status === 200 && !facts.noindex && (!facts.canonical || facts.canonical === facts.url || facts.canonical === url);
      if (!inSitemap && indexable && !listed.has(url) && !listed.has(facts.url)) missing.add(facts.url);
    }
    return verdictOf([...missing]);
  },
};

import { notApplicable, sitemapPages, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const sitemapCanonicalised: SiteCheck = {
  id: "sitemap_canonicalised",
  title: "Sitemap URLs are their own canonical",
  fix: "List the canonical URL in the sitemap instead of a URL whose canonical points elsewhere.",
  run(site) {
    if (!site.sitemapRead) return notApplicable();
    const canonicalised = sitemapPages(site).filter(
      (p) => p.facts?.canonical && p.facts.canonical !== p.url && p.facts.canonical !== p.facts.url,
    );
    return verdictOf(canonicalised.map((p) => p.url));
  },
};

import { notApplicable, sitemapPages, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const sitemapNoindex: SiteCheck = {
  id: "sitemap_noindex",
  title: "Sitemap URLs may be indexed",
  fix: "Remove noindex pages from the sitemap, or remove the noindex if the page should be found.",
  run(site) {
    if (!site.sitemapRead) return notApplicable();
    return verdictOf(sitemapPages(site).filter((p) => p.facts?.noindex).map((p) => p.url));
  },
};

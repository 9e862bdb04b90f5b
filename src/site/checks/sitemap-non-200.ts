import { isOk, notApplicable, sitemapPages, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const sitemapNon200: SiteCheck = {
  id: "sitemap_non_200",
  title: "Sitemap URLs answer 200 without redirecting",
  fix: "List only final, working URLs in the sitemap: replace redirected URLs by their target and drop dead ones.",
  run(site) {
    if (!site.sitemapRead) return notApplicable();
    const bad = sitemapPages(site).filter((p) => p.facts && (!isOk(p.facts.status) || p.facts.redirects > 0));
    return verdictOf(bad.map((p) => p.url));
  },
};

import { notApplicable, sitemapPages, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const sitemapBlocked: SiteCheck = {
  id: "sitemap_blocked",
  title: "robots.txt allows every sitemap URL",
  fix: "Either allow these URLs in robots.txt or take them out of the sitemap.",
  run(site) {
    if (!site.sitemapRead) return notApplicable();
    return verdictOf(sitemapPages(site).filter((p) => p.state === "blocked").map((p) => p.url));
  },
};

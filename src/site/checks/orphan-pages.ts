import { audited, notApplicable, sitemapPages, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const orphanPages: SiteCheck = {
  id: "orphan_pages",
  title: "Every sitemap URL is linked from another page",
  fix: "Link to these pages from related pages or the navigation: search engines and people find pages by links.",
  run(site) {
    if (!site.sitemapRead || site.linkGraphPartial) return notApplicable();
    const linked = new Set<string>();
    for (const page of audited(site)) {
      for (const target of page.facts.links) if (target !== page.url && target !== page.facts.url) linked.add(target);
    }
    const orphans = sitemapPages(site).filter((p) => !linked.has(p.url) && !(p.facts && linked.has(p.facts.url)));
    return verdictOf(orphans.map((p) => p.url));
  },
};

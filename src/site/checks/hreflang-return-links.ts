import { audited, notApplicable, pagesByUrl, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const hreflangReturnLinks: SiteCheck = {
  id: "hreflang_return_links",
  title: "hreflang alternates link back",
  fix: "Make every page listed as an alternate list the page that names it, in its own hreflang links.",
  run(site) {
    const pages = audited(site);
    if (!pages.some((p) => p.facts.hreflang.length > 0)) return notApplicable();
    const byUrl = pagesByUrl(site);
    const problems = [];
    for (const page of pages) {
      for (const alternate of page.facts.hreflang) {
        const other = byUrl.get(alternate);
        if (!other || other === page) continue;
        const returns = other.facts.hreflang.some((url) => url === page.url || url === page.facts.url);
        if (!returns) problems.push({ url: page.url, alternate });
      }
    }
    return verdictOf(problems);
  },
};

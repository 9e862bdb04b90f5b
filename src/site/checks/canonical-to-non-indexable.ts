import { audited, isOk, pagesByUrl, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const canonicalToNonIndexable: SiteCheck = {
  id: "canonical_to_non_indexable",
  title: "Canonicals point to indexable pages",
  fix: "Point each canonical at a page that answers 200 and may be indexed.",
  run(site) {
    const byUrl = pagesByUrl(site);
    const problems = [];
    for (const page of audited(site)) {
      const canonical = page.facts.canonical;
      if (!canonical || canonical === page.url || canonical === page.facts.url) continue;
      const target = byUrl.get(canonical);
      if (target && (!isOk(target.facts.status) || target.facts.noindex)) {
        problems.push({ url: page.url, canonical, status: target.facts.status, noindex: target.facts.noindex });
      }
    }
    return verdictOf(problems);
  },
};

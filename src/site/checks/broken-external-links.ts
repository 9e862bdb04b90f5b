import { verdictOf } from "./helpers";
import { externalTargets, linkCounts } from "./link-targets";
import type { SiteCheck } from "./types";

/**
 * Links to other sites lead somewhere: each external target's link check (HEAD, at most LINK_CHECK_PER_HOST a host,
 * through the same URL guard). Low: the other site's pages are not the site's to fix, only its links. Targets left
 * out by the bounds, or that gave no verdict (a timeout, a 429), are `value.not_checked`.
 */
export const brokenExternalLinks: SiteCheck = {
  id: "broken_external_links",
  title: "Links to other sites lead to working pages",
  fix: "Update or remove links to other sites' pages that are gone or answer an error.",
  importance: "low",
  run(site) {
    const counts = linkCounts(externalTargets(site), site.links);
    return verdictOf(counts.broken, { value: { checked: counts.checked, not_checked: counts.notChecked } });
  },
};

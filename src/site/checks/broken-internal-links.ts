import { pagesByUrl, verdictOf } from "./helpers";
import { auditedTargets, brokenLink, linkCounts, unauditedTargets } from "./link-targets";
import type { SiteCheck } from "./types";

/**
 * Every same-host link target has a status: an audited page's own, else its link check's (HEAD, under the crawl's
 * politeness and robots.txt). Targets robots.txt disallows are `value.blocked`; those the link-check bound left out
 * are `value.not_checked`, which makes the verdict partly checked.
 */
export const brokenInternalLinks: SiteCheck = {
  id: "broken_internal_links",
  importance: "high",
  title: "Internal links lead to working pages",
  fix: "Fix or remove links to pages or files that answer an error, or bring the missing ones back.",
  run(site) {
    const byUrl = pagesByUrl(site);
    const linkedPages = auditedTargets(site);
    const ofPages = linkedPages.flatMap((target) => {
      const status = byUrl.get(target.url)!.facts.status;
      return status >= 400 ? [brokenLink(target, { status, error: null })] : [];
    });
    const ofChecks = linkCounts(unauditedTargets(site), site.links);
    return verdictOf([...ofPages, ...ofChecks.broken], {
      value: { checked: linkedPages.length + ofChecks.checked, not_checked: ofChecks.notChecked, blocked: ofChecks.blocked },
    });
  },
};

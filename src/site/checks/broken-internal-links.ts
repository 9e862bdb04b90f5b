import { audited, siteCheck, verdictOf } from "./helpers";
import { brokenExamples, checkedLink, emptyTally, tallyLink } from "./link-targets";
import { indexed } from "./page-index";

/**
 * Every same-host link target has a status: an audited page's own, else its link check's (HEAD, under the crawl's
 * politeness and robots.txt). Targets robots.txt disallows are `value.blocked`; those the link-check bound left out
 * are `value.not_checked`, which makes the verdict partly checked.
 */
export const brokenInternalLinks = siteCheck({
  id: "broken_internal_links",
  importance: "high",
  title: "Internal links lead to working pages",
  fix: "Fix or remove links to pages or files that answer an error, or bring the missing ones back.",
  start: (site) => ({ index: site.index, judge: checkedLink(site.links), ofPages: emptyTally(), ofChecks: emptyTally() }),
  add({ index, judge, ofPages, ofChecks }, pages) {
    for (const page of audited(pages)) {
      for (const url of page.facts.links) {
        const target = indexed(index, url);
        if (!target) tallyLink(ofChecks, url, page.url, judge);
        else tallyLink(ofPages, url, page.url, () => ({ state: target.status >= 400 ? "broken" : "ok", answer: { status: target.status, error: null } }));
      }
    }
  },
  finish({ ofPages, ofChecks }) {
    const broken = [...brokenExamples(ofPages), ...brokenExamples(ofChecks)];
    return verdictOf(
      { count: broken.length, examples: broken },
      { value: { checked: ofPages.checked + ofChecks.checked, not_checked: ofChecks.notChecked, blocked: ofChecks.blocked } },
    );
  },
});

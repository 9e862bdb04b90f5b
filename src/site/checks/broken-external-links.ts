import { audited, siteCheck, verdictOf } from "./helpers";
import { brokenExamples, checkedLink, emptyTally, tallyLink } from "./link-targets";

/**
 * Links to other sites lead somewhere: each external target's link check (HEAD, at most LINK_CHECK_PER_HOST a host,
 * through the same URL guard). Low: the other site's pages are not the site's to fix, only its links. Targets left
 * out by the bounds, or that gave no verdict (a timeout, a 429), are `value.not_checked`.
 */
export const brokenExternalLinks = siteCheck({
  id: "broken_external_links",
  title: "Links to other sites lead to working pages",
  fix: "Update or remove links to other sites' pages that are gone or answer an error.",
  importance: "low",
  start: (site) => ({ judge: checkedLink(site.links), tally: emptyTally() }),
  add({ judge, tally }, pages) {
    for (const page of audited(pages)) for (const url of page.facts.external ?? []) tallyLink(tally, url, page.url, judge);
  },
  finish({ tally }) {
    const broken = brokenExamples(tally);
    return verdictOf({ count: broken.length, examples: broken }, { value: { checked: tally.checked, not_checked: tally.notChecked } });
  },
});

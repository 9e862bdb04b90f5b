import { notApplicable, siteCheck, verdictOf } from "./helpers";
import { indexed } from "./page-index";

/**
 * Every same-host URL llms.txt lists answers 200 without redirecting. A URL's answer is its audited page's when the
 * crawl audited it, else what discovery asked (discovery/llms-links.ts, at most LLMS_LINKS_PROBED); the rest are
 * counted in `value`, unchecked. It reads only the index of the audited pages.
 */
export const llmsTxtLinks = siteCheck({
  id: "llms_txt_links",
  category: "ai",
  importance: "low",
  title: "Pages listed in llms.txt answer 200",
  fix: "List only final, working URLs in llms.txt: replace redirected ones by their target and drop or fix dead ones.",
  start: (site) => site,
  add() {},
  finish(site) {
    if (!site.llms) return notApplicable();
    const probed = new Map(site.llms.answers.map((a) => [a.url, a]));
    const bad: string[] = [];
    let checked = 0;
    for (const url of site.llms.listed) {
      const answer = indexed(site.index, url) ?? probed.get(url);
      if (!answer) continue;
      checked += 1;
      if (answer.status !== 200 || answer.redirects > 0) bad.push(url);
    }
    return verdictOf(bad, { value: { listed: site.llms.listedCount, checked, not_checked: site.llms.listedCount - checked } });
  },
});

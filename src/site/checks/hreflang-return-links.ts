import { audited, noProblems, noteProblem, notApplicable, siteCheck, verdictOf } from "./helpers";
import { indexed } from "./page-index";
import { textHash } from "../../analysis/text-hash";

export const hreflangReturnLinks = siteCheck({
  id: "hreflang_return_links",
  title: "hreflang alternates link back",
  fix: "Make every page listed as an alternate list the page that names it, in its own hreflang links.",
  start: (site) => ({ index: site.index, any: false, problems: noProblems() }),
  scan(state, pages) {
    state.any ||= audited(pages).some((p) => p.facts.hreflang.length > 0);
  },
  add({ index, problems }, pages) {
    for (const page of audited(pages)) {
      if (page.facts.hreflang.length === 0) continue;
      const self = indexed(index, page.url);
      const names = [textHash(page.url), textHash(page.facts.url)];
      for (const alternate of page.facts.hreflang) {
        const other = indexed(index, alternate);
        if (!other || other.seq === self?.seq) continue;
        if (!other.hreflang.some((hash) => names.includes(hash))) noteProblem(problems, { url: page.url, alternate });
      }
    }
  },
  finish: (state) => (state.any ? verdictOf(state.problems) : notApplicable()),
});

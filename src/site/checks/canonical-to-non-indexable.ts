import { audited, isOk, noProblems, noteProblem, siteCheck, verdictOf } from "./helpers";
import { indexed } from "./page-index";

export const canonicalToNonIndexable = siteCheck({
  id: "canonical_to_non_indexable",
  title: "Canonicals point to indexable pages",
  fix: "Point each canonical at a page that answers 200 and may be indexed.",
  start: (site) => ({ index: site.index, problems: noProblems() }),
  add({ index, problems }, pages) {
    for (const page of audited(pages)) {
      const canonical = page.facts.canonical;
      if (!canonical || canonical === page.url || canonical === page.facts.url) continue;
      const target = indexed(index, canonical);
      if (target && (!isOk(target.status) || target.noindex)) {
        noteProblem(problems, { url: page.url, canonical, status: target.status, noindex: target.noindex });
      }
    }
  },
  finish: ({ problems }) => verdictOf(problems),
});

import { audited, noProblems, noteProblem, notApplicable, siteCheck, sitemapPages, verdictOf } from "./helpers";
import { textHash } from "../../analysis/text-hash";

/** The first pass keeps the hash of every linked URL (never the links), the second finds the sitemap URLs none names. */
export const orphanPages = siteCheck({
  id: "orphan_pages",
  title: "Every sitemap URL is linked from another page",
  fix: "Link to these pages from related pages or the navigation: search engines and people find pages by links.",
  start: (site) => ({ applies: site.sitemapRead && !site.linkGraphPartial, linked: new Set<number>(), problems: noProblems() }),
  scan(state, pages) {
    if (!state.applies) return;
    for (const page of audited(pages)) {
      for (const target of page.facts.links) if (target !== page.url && target !== page.facts.url) state.linked.add(textHash(target));
    }
  },
  add(state, pages) {
    if (!state.applies) return;
    for (const p of sitemapPages(pages)) {
      if (!state.linked.has(textHash(p.url)) && !(p.facts && state.linked.has(textHash(p.facts.url)))) noteProblem(state.problems, p.url);
    }
  },
  finish: (state) => (state.applies ? verdictOf(state.problems) : notApplicable()),
});

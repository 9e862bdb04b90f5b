import { audited, noProblems, noteProblem, notApplicable, siteCheck, sitemapPages, verdictOf } from "./helpers";
import { textHash } from "../../analysis/text-hash";

/**
 * Indexable pages that links reach but no sitemap lists (medium). A link URL that redirects to a listed page, a
 * noindex page and a page canonicalised elsewhere are not pages to list; a page counts once by its final URL.
 * The first pass keeps the hashes of the listed URLs, the second judges.
 */
export const notInSitemap = siteCheck({
  id: "not_in_sitemap",
  title: "Every indexable page is in the sitemap",
  fix: "Add these pages to the sitemap (or make them noindex if they should not be found): search engines find pages faster through it.",
  start: (site) => ({ applies: site.sitemapRead && site.linksFollowed, listed: new Set<number>(), missing: new Set<number>(), problems: noProblems() }),
  scan(state, pages) {
    if (!state.applies) return;
    for (const p of sitemapPages(pages)) {
      state.listed.add(textHash(p.url));
      if (p.facts) state.listed.add(textHash(p.facts.url));
    }
  },
  add(state, pages) {
    if (!state.applies) return;
    for (const { url, inSitemap, facts } of audited(pages)) {
      const indexable = facts.status === 200 && !facts.noindex && (!facts.canonical || facts.canonical === facts.url || facts.canonical === url);
      if (inSitemap || !indexable) continue;
      const final = textHash(facts.url);
      if (state.listed.has(textHash(url)) || state.listed.has(final) || state.missing.has(final)) continue;
      state.missing.add(final);
      noteProblem(state.problems, facts.url);
    }
  },
  finish: (state) => (state.applies ? verdictOf(state.problems) : notApplicable()),
});

import { audited, noProblems, noteProblem, siteCheck, verdictOf } from "./helpers";

export const redirectChains = siteCheck({
  id: "redirect_chains",
  title: "No URL takes two or more redirects",
  fix: "Point links and redirects straight at the final URL.",
  start: noProblems,
  add(problems, pages) {
    for (const p of audited(pages)) if (p.facts.redirects >= 2) noteProblem(problems, { url: p.url, redirects: p.facts.redirects, final_url: p.facts.url });
  },
  finish: (problems) => verdictOf(problems),
});

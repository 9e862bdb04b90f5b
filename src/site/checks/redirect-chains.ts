import { audited, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

export const redirectChains: SiteCheck = {
  id: "redirect_chains",
  title: "No URL takes two or more redirects",
  fix: "Point links and redirects straight at the final URL.",
  run: (site) =>
    verdictOf(audited(site).filter((p) => p.facts.redirects >= 2).map((p) => ({ url: p.url, redirects: p.facts.redirects, final_url: p.facts.url }))),
};

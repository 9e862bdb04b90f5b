import { duplicateGroups } from "./helpers";
import type { SiteCheck } from "./types";

export const duplicateH1: SiteCheck = {
  id: "duplicate_h1",
  title: "Every page has its own main heading",
  fix: "Make the first h1 of each page name what that page is about.",
  run: (site) => duplicateGroups(site, (facts) => facts.h1),
};

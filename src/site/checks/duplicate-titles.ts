import { duplicateGroups } from "./helpers";
import type { SiteCheck } from "./types";

export const duplicateTitles: SiteCheck = {
  id: "duplicate_titles",
  title: "Every page has its own title",
  fix: "Give each page a title that says what sets it apart from the others.",
  run: (site) => duplicateGroups(site, (facts) => facts.title),
};

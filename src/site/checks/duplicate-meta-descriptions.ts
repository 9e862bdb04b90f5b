import { duplicateGroups } from "./helpers";
import type { SiteCheck } from "./types";

export const duplicateMetaDescriptions: SiteCheck = {
  id: "duplicate_meta_descriptions",
  title: "Every page has its own meta description",
  fix: "Write a meta description for each page about that page; pages without one are left out.",
  run: (site) => duplicateGroups(site, (facts) => facts.description),
};

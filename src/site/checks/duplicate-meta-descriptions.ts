import { duplicateGroups } from "./helpers";

export const duplicateMetaDescriptions = duplicateGroups(
  {
    id: "duplicate_meta_descriptions",
    title: "Every page has its own meta description",
    fix: "Write a meta description for each page about that page; pages without one are left out.",
  },
  (facts) => facts.description,
);

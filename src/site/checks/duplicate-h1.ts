import { duplicateGroups } from "./helpers";

export const duplicateH1 = duplicateGroups(
  {
    id: "duplicate_h1",
    title: "Every page has its own main heading",
    fix: "Make the first h1 of each page name what that page is about.",
  },
  (facts) => facts.h1,
);

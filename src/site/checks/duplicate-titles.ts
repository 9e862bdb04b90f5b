import { duplicateGroups } from "./helpers";

export const duplicateTitles = duplicateGroups(
  {
    id: "duplicate_titles",
    title: "Every page has its own title",
    fix: "Give each page a title that says what sets it apart from the others.",
  },
  (facts) => facts.title,
);

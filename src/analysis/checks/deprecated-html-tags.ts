import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";

const DEPRECATED = [
  "acronym", "applet", "basefont", "big", "center", "dir", "font", "frame",
  "frameset", "isindex", "marquee", "noframes", "strike", "tt",
] as const;

export const deprecatedHtmlTags: Check = {
  id: "deprecated_html_tags",
  category: "miscellaneous",
  importance: "low",
  title: "No obsolete HTML tags such as <center>, <font> or <marquee> are used",
  fix: "Replace obsolete tags with modern HTML and CSS (for example <center> with text-align: center).",
  run(page) {
    const found: Record<string, number> = {};
    for (const tag of DEPRECATED) {
      const count = tags(page, tag).length;
      if (count > 0) found[tag] = count;
    }
    const names = Object.keys(found);
    return names.length === 0 ? pass(found) : fail(found, { deprecated_tags: names });
  },
};

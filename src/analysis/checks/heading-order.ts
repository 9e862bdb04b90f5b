import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { capList, textOf } from "./seo-helpers";

export const headingOrder: Check = {
  id: "heading_order",
  category: "seo",
  importance: "low",
  title: "Heading levels go down one step at a time",
  fix: "Do not skip heading levels on the way down: follow an <h2> with an <h3>, not an <h4>.",
  run(page) {
    // The shared walk lists them in document order across the six heading tags.
    const levels = page.headings;
    if (levels.length === 0) return notApplicable("no headings");
    const skips: { from: string; to: string; text: string }[] = [];
    for (let i = 1; i < levels.length; i++) {
      const prev = levels[i - 1]!;
      const cur = levels[i]!;
      if (cur.level > prev.level + 1) skips.push({ from: `h${prev.level}`, to: `h${cur.level}`, text: textOf(cur.el).slice(0, 100) });
    }
    const value = capList(levels.map((h) => `h${h.level}`));
    return skips.length === 0 ? pass(value) : fail(value, { skipped_levels: capList(skips) });
  },
};

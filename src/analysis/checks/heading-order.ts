import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { capList, textOf } from "./seo-helpers";

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

export const headingOrder: Check = {
  id: "heading_order",
  category: "seo",
  importance: "low",
  title: "Heading levels go down one step at a time",
  fix: "Do not skip heading levels on the way down: follow an <h2> with an <h3>, not an <h4>.",
  run(page) {
    // One pass over the shared element list keeps document order across the six heading tags.
    const levels: { level: number; el: Element }[] = [];
    for (const el of page.elements) {
      const level = HEADING_LEVEL[el.localName];
      if (level !== undefined) levels.push({ level, el });
    }
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

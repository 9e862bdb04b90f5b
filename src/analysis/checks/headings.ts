import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList, textOf, titleElement } from "./seo-helpers";

const LEVELS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export const headings: Check = {
  id: "headings",
  category: "seo",
  importance: "high",
  title: "The page has one main heading that is not a copy of its title",
  fix: "Use exactly one non-empty <h1> that names the page's content in different words from the <title>.",
  run(page) {
    const value = Object.fromEntries(LEVELS.map((level) => [level, capList(tags(page, level).map(textOf))]));
    const h1s = tags(page, "h1").map(textOf).filter(Boolean);
    const h1 = h1s[0];
    if (h1 === undefined) return fail(value, { missing_h1: true });
    if (h1s.length > 1) return fail(value, { too_many_h1: h1s.length });
    const title = titleElement(page);
    if (title && sameText(textOf(title), h1)) return fail(value, { same_as_title: h1 });
    return pass(value);
  },
};

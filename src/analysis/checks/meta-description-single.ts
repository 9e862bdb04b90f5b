import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList, metaContents } from "./seo-helpers";

/**
 * Several head descriptions that disagree leave the snippet to the search engine's choice; copies of one text
 * say the same thing and pass. `value` counts the descriptions; `errors.others` are the contents unlike the first.
 */
export const metaDescriptionSingle: Check = {
  id: "meta_description_single",
  category: "seo",
  importance: "low",
  title: "The page has one meta description, not several that disagree",
  fix: 'Keep one <meta name="description"> in the head and remove the others.',
  run(page) {
    const [first, ...rest] = metaContents(page, "description").map((d) => d.content);
    const others = [...new Set(rest.filter((content) => content !== first))];
    const count = rest.length + (first === undefined ? 0 : 1);
    if (others.length > 0) return fail(count, { others: capList(others) });
    return pass(count);
  },
};

import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const inPageLinks: Check = {
  id: "in_page_links",
  category: "seo",
  importance: "medium",
  title: "The page has a reasonable number of links",
  fix: "Cut the page's links down to the ones that matter (150 or fewer).",
  run(page) {
    let count = 0;
    for (const a of tags(page, "a")) {
      const href = a.getAttribute("href");
      if (href !== null && !href.trim().startsWith("#")) count++;
    }
    const max = page.settings.maxInPageLinks;
    return count <= max ? pass(count) : fail(count, { too_many: { count, max } });
  },
};

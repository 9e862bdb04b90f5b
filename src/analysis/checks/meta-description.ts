import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { metaContents } from "./seo-helpers";

/** Lighthouse 13.5's meta-description audit: only the head's first description counts (meta_description_single judges the rest). */
export const metaDescription: Check = {
  id: "meta_description",
  category: "seo",
  importance: "high",
  title: "The page has a meta description with content",
  fix: 'Add a <meta name="description" content="..."> that summarises the page.',
  run(page) {
    const first = metaContents(page, "description")[0];
    if (!first) return fail(null, { missing: true });
    if (first.content === "") return fail("", { empty: true });
    return pass(first.content);
  },
};

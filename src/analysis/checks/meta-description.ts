import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { metaContents } from "./seo-helpers";

export const metaDescription: Check = {
  id: "meta_description",
  category: "seo",
  importance: "high",
  title: "The page has one meta description with content",
  fix: 'Add exactly one <meta name="description" content="..."> that summarises the page.',
  run(page) {
    const descriptions = metaContents(page, "description");
    const first = descriptions[0];
    if (!first) return fail(null, { missing: true });
    if (descriptions.length > 1) return fail(first.content, { too_many: descriptions.length });
    if (first.content === "") return fail("", { empty: true });
    return pass(first.content);
  },
};

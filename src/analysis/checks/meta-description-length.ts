import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { metaContents } from "./seo-helpers";

export const metaDescriptionLength: Check = {
  id: "meta_description_length",
  category: "seo",
  importance: "low",
  title: "The meta description is of a length search results show",
  fix: "Write a meta description of 50 to 160 characters.",
  run(page) {
    // Not applicable without content: meta_description already reports that.
    const content = metaContents(page, "description")[0]?.content ?? "";
    if (content === "") return notApplicable("no meta description");
    const length = [...content].length;
    const { metaDescriptionMinLength: min, metaDescriptionMaxLength: max } = page.settings;
    if (length < min) return fail(length, { too_short: { length, min } });
    if (length > max) return fail(length, { too_long: { length, max } });
    return pass(length);
  },
};

import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { isLanguageTag } from "./seo-helpers";

export const language: Check = {
  id: "language",
  category: "seo",
  importance: "medium",
  title: "The page declares its language",
  fix: 'Add a lang attribute with a language tag to <html>, such as <html lang="en"> or lang="pt-BR".',
  run(page) {
    const lang = tags(page, "html")[0]?.getAttribute("lang")?.trim() ?? "";
    if (lang === "") return fail(null, { missing: true });
    return isLanguageTag(lang) ? pass(lang) : fail(lang, { invalid: lang });
  },
};

import { headTags } from "../parse";
import type { Check, Page } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { capList, headerLinks, isLanguageTag, relTokens } from "./seo-helpers";

interface Alternate {
  hreflang: string;
  href: string;
}

const isValidHreflang = (value: string): boolean => value.trim().toLowerCase() === "x-default" || isLanguageTag(value);

/** Like Lighthouse, absolute means the raw href starts with http: or https:. */
const isAbsolute = (href: string): boolean => /^https?:/i.test(href.trim());

/** hreflang alternates from the head and the Link header; links in <body> do not count. */
export function alternates(page: Page): Alternate[] {
  const fromHtml = headTags(page, "link")
    .filter((l) => relTokens(l).includes("alternate") && l.hasAttribute("hreflang"))
    .map((l) => ({ hreflang: l.getAttribute("hreflang") ?? "", href: l.getAttribute("href") ?? "" }));
  const fromHeader = headerLinks(page)
    .filter((l) => l.rel.includes("alternate") && l.hreflang !== null)
    .map((l) => ({ hreflang: l.hreflang ?? "", href: l.href }));
  return [...fromHtml, ...fromHeader];
}

export const hreflang: Check = {
  id: "hreflang",
  category: "seo",
  importance: "medium",
  title: "Language alternates are well formed",
  fix: 'Give each <link rel="alternate" hreflang> a language code such as "en" or "pt-BR" (or "x-default") and an absolute URL.',
  run(page) {
    const links = alternates(page);
    if (links.length === 0) return notApplicable("no hreflang links");
    const badLanguage = links.filter((l) => !isValidHreflang(l.hreflang)).map((l) => l.hreflang);
    const relative = links.filter((l) => !isAbsolute(l.href)).map((l) => l.href);
    const value = { alternates: capList(links.map((l) => l.hreflang)) };
    const errors: Record<string, unknown> = {};
    if (badLanguage.length > 0) errors.invalid_language = capList(badLanguage);
    if (relative.length > 0) errors.relative_href = capList(relative);
    return Object.keys(errors).length === 0 ? pass(value) : fail(value, errors);
  },
};

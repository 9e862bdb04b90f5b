import { tags } from "../parse";
import type { Check, Page } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { resolveUrl, shortUrl, srcsetUrls } from "./resource-urls";
import { capList, relTokens } from "./seo-helpers";

/** Attributes through which an element loads or sends to a URL; srcset attributes are handled apart. */
const URL_ATTRIBUTES: readonly [tag: string, attr: string][] = [
  ["script", "src"],
  ["img", "src"],
  ["audio", "src"],
  ["video", "src"],
  ["video", "poster"],
  ["source", "src"],
  ["iframe", "src"],
  ["form", "action"],
  ["object", "data"],
  ["embed", "src"],
];

function insecureResources(page: Page): { tag: string; url: string }[] {
  const found: { tag: string; url: string }[] = [];
  const check = (tag: string, raw: string | null) => {
    // Against this https page a URL without a scheme resolves to https: only one with a colon can be http.
    if (raw === null || !raw.includes(":")) return;
    const url = resolveUrl(raw.trim(), page.url);
    if (url?.protocol === "http:") found.push({ tag, url: shortUrl(url.href) });
  };
  for (const [tag, attr] of URL_ATTRIBUTES) {
    for (const el of tags(page, tag)) check(tag, el.getAttribute(attr));
  }
  for (const tag of ["img", "source"]) {
    for (const el of tags(page, tag)) {
      for (const raw of srcsetUrls(el.getAttribute("srcset"))) check(tag, raw);
    }
  }
  for (const el of tags(page, "link")) {
    if (relTokens(el).includes("stylesheet")) check("link", el.getAttribute("href"));
  }
  return found;
}

export const mixedContent: Check = {
  id: "mixed_content",
  category: "security",
  importance: "medium",
  title: "The HTTPS page loads nothing over plain HTTP",
  fix: "Change every http:// script, stylesheet, image, media, iframe and form URL to https://.",
  run(page) {
    // Not applicable: mixed content only exists on an https page (the https check covers http pages).
    if (page.url.protocol !== "https:") return notApplicable("not an https page");
    const insecure = insecureResources(page);
    const value = { insecure: insecure.length };
    if (insecure.length === 0) return pass(value);
    return fail(value, { insecure_resources: capList(insecure) });
  },
};

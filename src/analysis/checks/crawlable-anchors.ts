import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList, textOf } from "./seo-helpers";

const JAVASCRIPT_VOID = /javascript:void(\(|)0(\)|)/;
const HAS_SPACE = /\s/;
const MAY_NOT_PARSE = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/**
 * The check's rule (see docs/api.md "Choices where the spec is silent"), which is Lighthouse's (core/audits/seo/crawlable-anchors.js) on the attributes it tests.
 * Lighthouse fails an empty resolved `href`, and that is empty only when the attribute is missing: `href=""` or
 * whitespace resolves to the page itself and passes.
 */
export function isUncrawlable(a: Element, page: URL): boolean {
  const hrefAttr = a.getAttribute("href") ?? a.getAttribute("xlink:href");
  const rawHref = hrefAttr === null ? "" : HAS_SPACE.test(hrefAttr) ? hrefAttr.replace(/\s/g, "") : hrefAttr;
  if ((a.getAttribute("role") ?? "").trim() !== "") return false;
  if (rawHref.startsWith("mailto:")) return false;
  if (rawHref === "" && a.getAttribute("id")) return false;
  if (rawHref.startsWith("file:")) return true;
  if ((a.getAttribute("name") ?? "").trim() !== "") return false;
  if (hrefAttr === null) return true;
  if (JAVASCRIPT_VOID.test(rawHref)) return true;
  // Against an http(s) base only a scheme or an authority ("//", "\\") can fail to parse; skipping the
  // parse for plain relative paths (and the empty href) keeps this check cheap on link-heavy pages.
  if (!MAY_NOT_PARSE.test(rawHref)) return false;
  return !URL.canParse(rawHref, page);
}

export const crawlableAnchors: Check = {
  id: "crawlable_anchors",
  category: "seo",
  importance: "medium",
  title: "Links have hrefs that crawlers can follow",
  fix: 'Give every link a real URL in href; use <button> for script actions instead of <a href="javascript:void(0)">.',
  run(page) {
    const anchors = tags(page, "a");
    const bad = anchors
      .filter((a) => isUncrawlable(a, page.url))
      .map((a) => ({ href: a.getAttribute("href"), text: textOf(a).slice(0, 100) }));
    const value = { anchors: anchors.length, uncrawlable: bad.length };
    return bad.length === 0 ? pass(value) : fail(value, { uncrawlable: capList(bad) });
  },
};

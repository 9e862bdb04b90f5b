import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList, textOf } from "./seo-helpers";

const JAVASCRIPT_VOID = /javascript:void(\(|)0(\)|)/;
const HAS_SPACE = /\s/;
const MAY_NOT_PARSE = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/** Attributes that only mean something with an href: an <a> with one of them and no href is a broken link. */
const HREF_ASSOCIATED = ["target", "download", "ping", "rel", "hreflang", "type", "referrerpolicy"];

/**
 * Whether an element has an inline event handler attribute (onclick, onmousedown...): the part of Lighthouse's
 * event-listener test a static read can see. Listeners added by script (addEventListener) are invisible here.
 */
const hasInlineHandler = (el: Element): boolean => el.getAttributeNames().some((name) => name.startsWith("on") && name.length > 2);

/**
 * Lighthouse 13.5's rule (core/audits/seo/crawlable-anchors.js), in its order. An <a> with no href and none of the
 * href-only attributes is a placeholder (the HTML standard's term) and passes unless script handles it; an empty
 * `href=""` or whitespace resolves to the page itself and passes.
 */
export function isUncrawlable(a: Element, page: URL): boolean {
  const hrefAttr = a.getAttribute("href") ?? a.getAttribute("xlink:href");
  const rawHref = hrefAttr === null ? "" : HAS_SPACE.test(hrefAttr) ? hrefAttr.replace(/\s/g, "") : hrefAttr;
  if ((a.getAttribute("role") ?? "").trim() !== "") return false;
  if (rawHref.startsWith("mailto:")) return false;
  if (rawHref === "" && a.getAttribute("id")) return false;
  if (rawHref.startsWith("file:")) return true;
  if ((a.getAttribute("name") ?? "").trim() !== "") return false;
  if (hrefAttr === null) {
    if (HREF_ASSOCIATED.every((name) => !a.hasAttribute(name))) return hasInlineHandler(a);
    return true;
  }
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

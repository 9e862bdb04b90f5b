import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList, textOf } from "./seo-helpers";

/** HTML says these must be omitted without href, so their presence means an href was intended. */
const HREF_ATTRIBUTES = ["target", "download", "ping", "rel", "hreflang", "type", "referrerpolicy"];
const JAVASCRIPT_VOID = /javascript:void(\(|)0(\)|)/;
const HAS_SPACE = /\s/;
const MAY_NOT_PARSE = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/** Lighthouse's crawlable-anchors rule (core/audits/seo/crawlable-anchors.js), but for empty hrefs (see below). */
export function isUncrawlable(a: Element, page: URL): boolean {
  const hrefAttr = a.getAttribute("href") ?? a.getAttribute("xlink:href");
  const rawHref = hrefAttr === null ? "" : HAS_SPACE.test(hrefAttr) ? hrefAttr.replace(/\s/g, "") : hrefAttr;
  if ((a.getAttribute("role") ?? "").trim() !== "") return false;
  if (rawHref.startsWith("mailto:")) return false;
  if (rawHref === "" && a.getAttribute("id")) return false;
  if (rawHref.startsWith("file:")) return true;
  if ((a.getAttribute("name") ?? "").trim() !== "") return false;
  // A placeholder link for the current page or location (Lighthouse PR 15894).
  const ariaCurrent = a.getAttribute("aria-current") ?? "";
  if (hrefAttr === null && !HREF_ATTRIBUTES.some((n) => a.hasAttribute(n)) && ["page", "location"].includes(ariaCurrent)) return false;
  // checks.md: a missing *or empty* href fails (Lighthouse lets href="" pass as a link to the page itself;
  // where they disagree, checks.md stands).
  if (rawHref === "") return true;
  if (JAVASCRIPT_VOID.test(rawHref)) return true;
  // Against an http(s) base only a scheme or an authority ("//", "\\") can fail to parse; skipping the
  // parse for plain relative paths keeps this check cheap on link-heavy pages.
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

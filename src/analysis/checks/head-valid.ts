import { findHeadEnder, lineAt } from "../head-source";
import { domHtml } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList } from "./seo-helpers";

/** How a hidden meta or link is named: its tag and the attribute that says what it is. */
function describe(el: Element): string {
  const tag = el.localName.toLowerCase();
  const keys = tag === "meta" ? ["name", "property", "http-equiv", "itemprop", "charset"] : ["rel"];
  for (const key of keys) {
    const value = el.getAttribute(key);
    if (value !== null) return key === "charset" ? `${tag} charset` : `${tag} ${key}=${value.trim().toLowerCase()}`;
  }
  return tag;
}

/**
 * An element the head cannot hold (an iframe, an img, a div...) or stray text ends the head where it stands
 * ("How a page is read", docs/analysis.md): a browser and a search engine read every meta and link after it as
 * body content. parse.ts found where; this check names it and the metadata it hid.
 */
export const headValid: Check = {
  id: "head_valid",
  category: "seo",
  importance: "high",
  title: "Nothing in the <head> ends it early",
  fix: "Move elements that belong in the body (iframe, img, div, input, p...) and stray text out of the <head>, or below the metadata.",
  run(page) {
    const end = page.headEnd;
    // Text before the <head> ends it too, and harms only when the source's head then holds metadata.
    if (end === null || (!end.inSourceHead && end.hidden.length === 0)) return pass(null);
    const html = domHtml(page);
    const source = findHeadEnder(html);
    const value = {
      element: end.tag === "#text" ? "text" : end.tag,
      ...(end.text !== null ? { text: end.text } : {}),
      line: source === null ? null : lineAt(html, source.offset),
    };
    return fail(value, { hidden: capList(end.hidden.map(describe)) });
  },
};

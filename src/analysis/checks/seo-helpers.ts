import { headTags, tags } from "../parse";
import type { Page } from "../types";

/** Shared by several seo checks; candidates for parse.ts if other categories want them too. */

const NEEDS_COLLAPSE = /\s\s|[^\S ]/;

/** Whitespace runs collapsed to one space and the ends trimmed; the regex replace only when something would change. */
export function collapseWhitespace(text: string): string {
  const trimmed = text.trim();
  return NEEDS_COLLAPSE.test(trimmed) ? trimmed.replace(/\s+/g, " ") : trimmed;
}

const TEXT_NODE = 3;

/** textContent, without its array and join for the usual element of one text node (a link, a heading). */
function rawText(el: Element): string {
  const first = el.firstChild;
  if (first === null) return "";
  if (first.nodeType === TEXT_NODE && first.nextSibling === null) return first.nodeValue ?? "";
  return el.textContent ?? "";
}

/** An element's text with whitespace collapsed, as a reader would see it. */
export const textOf = (el: Element): string => collapseWhitespace(rawText(el));

/** Lower-cased tokens of an element's rel attribute. */
export const relTokens = (el: Element): string[] =>
  (el.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The element itself or its nearest ancestor that satisfies `test`, like closest(): a plain parentElement
 * climb, because linkedom's closest() compiles its selector on every call (about 10x slower).
 */
export function closestWhere(el: Element, test: (el: Element) => boolean): Element | null {
  for (let node: Element | null = el; node; node = node.parentElement) if (test(node)) return node;
  return null;
}

/** closest(tag) for a plain tag name. */
export const closestTag = (el: Element, tag: string): Element | null => closestWhere(el, (node) => node.localName.toLowerCase() === tag);

/** The <title> elements outside inline SVG (a <title> there names the drawing, not the page). */
export const pageTitles = (page: Page): Element[] => tags(page, "title").filter((t) => closestTag(t, "svg") === null);

/** The document's <title> element, ignoring <title> inside inline SVG (that one names the drawing). */
export const titleElement = (page: Page): Element | undefined => tags(page, "title").find((t) => closestTag(t, "svg") === null);

/**
 * `content` of every head <meta name="..."> with one of the given names, compared case-insensitively: the head as a
 * browser builds it, so a meta after whatever ended the head early does not count (as for Google and Lighthouse).
 */
export function metaContents(page: Page, ...names: string[]): { name: string; content: string }[] {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const found: { name: string; content: string }[] = [];
  for (const meta of headTags(page, "meta")) {
    const name = (meta.getAttribute("name") ?? "").trim().toLowerCase();
    if (wanted.has(name)) found.push({ name, content: (meta.getAttribute("content") ?? "").trim() });
  }
  return found;
}

/**
 * A <link> not inside <body> in linkedom's tree. Head metadata checks read `headTags` instead, which also knows
 * where a browser ended the head early ("How a page is read"); kept for readers that want linkedom's own answer.
 */
export const inHead = (el: Element): boolean => closestTag(el, "body") === null;

export interface HeaderLink {
  href: string;
  rel: string[];
  hreflang: string | null;
}

/** Entries of the `Link` response header (RFC 8288), tolerant of the usual sloppiness. */
export function headerLinks(page: Page): HeaderLink[] {
  const header = page.fetch.headers["link"];
  if (!header) return [];
  const links: HeaderLink[] = [];
  for (const [, href = "", rest = ""] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const params = new Map<string, string>();
    for (const [, key = "", quoted, bare] of rest.matchAll(/;\s*([\w*-]+)\s*(?:=\s*(?:"([^"]*)"|([^;,\s]*)))?/g)) {
      const name = key.toLowerCase();
      if (!params.has(name)) params.set(name, quoted ?? bare ?? "");
    }
    const rel = (params.get("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ href: href.trim(), rel, hreflang: params.get("hreflang") ?? null });
  }
  return links;
}

/**
 * BCP 47 shape as hreflang and lang use it: language (2-3 letters), then an optional script (4 letters)
 * and region (2 letters or 3 digits). Shape only: no registry look-up, so "xx" passes.
 */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z]{4})?(-(?:[a-z]{2}|\d{3}))?$/i;

export const isLanguageTag = (value: string): boolean => LANGUAGE_TAG.test(value.trim());

/** Caps a list for a report value. */
export const capList = <T>(items: T[], max = 20): T[] => items.slice(0, max);

import { tags, withAttribute } from "../parse";
import type { Check, Page } from "../types";
import { fail, pass } from "../verdict";
import { capList, closestWhere, relTokens, textOf } from "./seo-helpers";

/** Lighthouse's non-descriptive link texts (core/audits/seo/link-text.js), by language. */
const NON_DESCRIPTIVE: Record<string, ReadonlySet<string>> = {
  en: new Set([
    "click here", "click this", "go", "here", "information", "learn more", "more", "more info",
    "more information", "right here", "read more", "see more", "start", "this",
  ]),
  ja: new Set(["ここをクリック", "こちらをクリック", "リンク", "続きを読む", "続く", "全文表示"]),
  es: new Set([
    "click aquí", "click aqui", "clicka aquí", "clicka aqui", "pincha aquí", "pincha aqui", "aquí", "aqui",
    "más", "mas", "más información", "más informacion", "mas información", "mas informacion", "este",
    "enlace", "este enlace", "empezar",
  ]),
  pt: new Set(["clique aqui", "ir", "mais informação", "mais informações", "mais", "veja mais"]),
  ko: new Set(["여기", "여기를 클릭", "클릭", "링크", "자세히", "자세히 보기", "계속", "이동", "전체 보기"]),
  sv: new Set(["här", "klicka här", "läs mer", "mer", "mer info", "mer information"]),
  de: new Set(["klicke hier", "hier klicken", "hier", "mehr", "siehe", "dies", "das", "weiterlesen"]),
  ta: new Set([
    "அடுத்த பக்கம்", "மறுபக்கம்", "முந்தைய பக்கம்", "முன்பக்கம்", "மேலும் அறிக", "மேலும் தகவலுக்கு",
    "மேலும் தரவுகளுக்கு", "தயவுசெய்து இங்கே அழுத்தவும்", "இங்கே கிளிக் செய்யவும்",
  ]),
  fa: new Set([
    "اطلاعات بیشتر", "اطلاعات", "این", "اینجا بزنید", "اینجا کلیک کنید", "اینجا", "برو", "بیشتر بخوانید",
    "بیشتر بدانید", "بیشتر", "شروع",
  ]),
};
const ALL_LISTS = Object.values(NON_DESCRIPTIVE);
/** Every list's texts in one set: one look-up per link before anything costlier. */
const ANY_LIST: ReadonlySet<string> = new Set(ALL_LISTS.flatMap((list) => [...list]));

/**
 * Lighthouse 13.5's rule: with a known language only that language's list counts (a French page may say "here"),
 * without one every list does. The key is the lang value up to its first "-", as written: Lighthouse does not
 * lower-case it, so lang="EN" (or a language it has no list for) matches no list and the link passes.
 */
function isNonDescriptive(text: string, lang: string | null): boolean {
  if (lang) return NON_DESCRIPTIVE[lang.split("-")[0]!]?.has(text) ?? false;
  return ALL_LISTS.some((list) => list.has(text));
}

/** The lang attribute of the element or its nearest ancestor that has one (like closest("[lang]")). */
const nearestLang = (el: Element): string | null => closestWhere(el, (node) => node.hasAttribute("lang"))?.getAttribute("lang") ?? null;

/** Descendant elements in document order (querySelectorAll("*") without compiling a selector per link). */
function* descendants(el: Element): Generator<Element> {
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
    yield child;
    yield* descendants(child);
  }
}

/**
 * A link's language as Lighthouse 13.5's anchor gatherer finds it (getLangOfInnerText): the language of its
 * descendant elements that have text, none when their primary subtags differ, else the link's own nearest lang.
 * Returns undefined for "none known" (every list applies).
 */
function innerTextLang(a: Element): string | null | undefined {
  let found: string | null = null;
  for (const child of descendants(a)) {
    if (!child.textContent) continue;
    const childLang = nearestLang(child);
    if (!childLang) continue;
    if (!found) found = childLang;
    else if (found.split("-")[0] !== childLang.split("-")[0]) return undefined;
  }
  return found ?? nearestLang(a);
}

/** The one lang of a document whose only [lang] element is <html> or <body>, which then applies to every link. */
function singleDocumentLang(page: Page): string | null {
  const withLang = withAttribute(page, "lang");
  if (withLang.length !== 1) return null;
  const tag = withLang[0]!.localName.toLowerCase();
  return tag === "html" || tag === "body" ? withLang[0]!.getAttribute("lang") : null;
}

const withoutFragment = (url: URL): string => url.href.slice(0, url.href.length - url.hash.length);

/** Where a link goes, or null for links Lighthouse ignores: script, mail, this page, nofollow. */
function destination(a: Element, page: URL): string | null {
  const href = a.getAttribute("href");
  if (!href || relTokens(a).includes("nofollow")) return null;
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return href.trim(); // Lighthouse still judges the text of a link whose href does not parse
  }
  if (url.protocol === "javascript:" || url.protocol === "mailto:") return null;
  if (withoutFragment(url) === withoutFragment(page)) return null;
  return url.href;
}

export const linkText: Check = {
  id: "link_text",
  category: "seo",
  importance: "medium",
  title: "Links say where they lead",
  fix: 'Replace link texts like "click here" or "read more" with words that describe the destination.',
  run(page) {
    let links = 0;
    const bad: { href: string; text: string }[] = [];
    const documentLang = singleDocumentLang(page);
    for (const a of tags(page, "a")) {
      if (!a.getAttribute("href")) continue;
      links++;
      // Text first: resolving the href (a URL parse) and the lang walk only run for listed texts.
      const text = textOf(a).toLowerCase();
      if (!text || !ANY_LIST.has(text)) continue;
      const href = destination(a, page.url);
      if (href === null) continue;
      const lang = documentLang ?? innerTextLang(a) ?? null;
      if (isNonDescriptive(text, lang)) bad.push({ href, text: textOf(a) });
    }
    const value = { links, non_descriptive: bad.length };
    return bad.length === 0 ? pass(value) : fail(value, { non_descriptive: capList(bad) });
  },
};

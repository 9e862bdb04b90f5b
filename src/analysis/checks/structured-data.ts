import { withAttribute } from "../parse";
import type { Check, Page } from "../types";
import { fail, pass } from "../verdict";
import { distinct, jsonLdBlocks, jsonLdItems, jsonLdTypes, metaByKey } from "./misc-helpers";

export type StructuredDataKind = "json_ld" | "microdata" | "rdfa" | "open_graph" | "twitter_card";

/** Each kind found on the page, with the types it declares (possibly none). */
export type StructuredData = Partial<Record<StructuredDataKind, string[]>>;

/**
 * `property` on these <meta> tags is how Open Graph and its relatives are written, which is RDFa on
 * paper; counting it as RDFa too would report every Open Graph page twice.
 */
const SOCIAL_META_PROPERTY = /^(og|fb|article|book|profile|music|video|twitter|al):/i;

const splitTokens = (value: string | null): string[] => (value ?? "").split(/\s+/).filter(Boolean);

const isSocialMeta = (el: Element): boolean =>
  el.localName.toLowerCase() === "meta" && SOCIAL_META_PROPERTY.test((el.getAttribute("property") ?? "").trim());

/**
 * Microdata and RDFa live in attributes, so the element list is read only when the page has such an
 * attribute; an Open Graph `property` alone does not count, or nearly every page would be scanned.
 */
function attributeData(page: Page): Pick<StructuredData, "microdata" | "rdfa"> {
  const wantMicrodata = withAttribute(page, "itemscope").length > 0 || withAttribute(page, "itemtype").length > 0;
  const wantRdfa =
    withAttribute(page, "typeof").length > 0 ||
    withAttribute(page, "vocab").length > 0 ||
    withAttribute(page, "property").some((el) => !isSocialMeta(el));
  if (!wantMicrodata && !wantRdfa) return {};
  let microdata: string[] | undefined;
  let rdfa: string[] | undefined;
  // In document order, as the types are listed.
  for (const el of page.elements) {
    if (wantMicrodata) {
      const itemtype = el.getAttribute("itemtype");
      if (itemtype !== null || el.hasAttribute("itemscope")) (microdata ??= []).push(...splitTokens(itemtype));
    }
    if (wantRdfa) {
      const typeOf = el.getAttribute("typeof");
      const hasProperty = el.hasAttribute("property");
      if (typeOf !== null || el.hasAttribute("vocab") || (hasProperty && !isSocialMeta(el))) (rdfa ??= []).push(...splitTokens(typeOf));
    }
  }
  return {
    ...(microdata && { microdata: distinct(microdata) }),
    ...(rdfa && { rdfa: distinct(rdfa) }),
  };
}

const cache = new WeakMap<Page, StructuredData>();

/** Shared with structured_data_valid, which applies only when there is something to validate. */
export function findStructuredData(page: Page): StructuredData {
  const cached = cache.get(page);
  if (cached) return cached;
  const found: StructuredData = {};
  const blocks = jsonLdBlocks(page);
  if (blocks.length > 0) {
    found.json_ld = distinct(blocks.flatMap((b) => (b.ok ? jsonLdItems(b.data).flatMap((i) => jsonLdTypes(i.item)) : [])));
  }
  Object.assign(found, attributeData(page));
  const meta = metaByKey(page);
  const keys = [...meta.keys()];
  const listed = (key: string): string[] => (meta.get(key) ? [meta.get(key)!] : []);
  if (keys.some((k) => k.startsWith("og:"))) found.open_graph = listed("og:type");
  if (keys.some((k) => k.startsWith("twitter:"))) found.twitter_card = listed("twitter:card");
  cache.set(page, found);
  return found;
}

export const structuredData: Check = {
  id: "structured_data",
  category: "miscellaneous",
  importance: "medium",
  title: "The page carries structured data: JSON-LD, microdata, RDFa, Open Graph or a Twitter card",
  fix: 'Describe the page with schema.org JSON-LD in a <script type="application/ld+json">, and add Open Graph tags.',
  run(page) {
    const found = findStructuredData(page);
    return Object.keys(found).length > 0 ? pass(found) : fail(found, { missing: true });
  },
};

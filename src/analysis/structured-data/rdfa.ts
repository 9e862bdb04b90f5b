import { withAttribute } from "../parse";
import type { Page } from "../types";
import { elementLocation } from "./element-location";
import { addValue, noProperties, schemaTerm, type Item, type ItemValue } from "./item";

const tokens = (value: string | null): string[] => (value ?? "").split(/\s+/).filter(Boolean);
/** RDFa's initial context already knows `schema:`, so it works without a prefix declaration. */
const INITIAL_PREFIXES: Record<string, string> = { schema: "http://schema.org/" };

/** The vocabulary and prefixes in force at an element: the nearest `vocab` and every `prefix` above it. */
function scopeOf(el: Element): { vocab: string | null; prefixes: Record<string, string> } {
  let vocab: string | null = null;
  const prefixes: Record<string, string> = {};
  for (let current: Element | null = el; current; current = current.parentElement) {
    if (vocab === null && current.hasAttribute("vocab")) vocab = (current.getAttribute("vocab") ?? "").trim();
    const declared = tokens(current.getAttribute("prefix"));
    for (let i = 0; i + 1 < declared.length; i += 2) {
      const name = declared[i]!.replace(/:$/, "");
      if (!(name in prefixes)) prefixes[name] = declared[i + 1]!;
    }
  }
  return { vocab, prefixes: { ...INITIAL_PREFIXES, ...prefixes } };
}

/** A term as an IRI under the element's vocabulary or prefixes, then as a schema.org term (null for another vocabulary). */
function term(el: Element, written: string): string | null {
  const { vocab, prefixes } = scopeOf(el);
  const colon = written.indexOf(":");
  let iri = written;
  if (colon > 0 && !written.includes("//")) {
    const base = prefixes[written.slice(0, colon)];
    if (base) iri = base + written.slice(colon + 1);
  } else if (colon < 0) {
    if (!vocab) return null;
    iri = vocab + written;
  }
  return /^https?:\/\/schema\.org\//i.test(iri) ? schemaTerm(iri) : null;
}

function literal(page: Page, el: Element): ItemValue {
  if (el.hasAttribute("content")) return { kind: "text", text: el.getAttribute("content") ?? "" };
  for (const name of ["href", "src", "resource"]) {
    const raw = el.getAttribute(name);
    if (raw !== null) {
      try {
        return { kind: "url", text: new URL(raw.trim(), page.url).href };
      } catch {
        return { kind: "url", text: raw.trim() };
      }
    }
  }
  if (el.localName.toLowerCase() === "time" && el.hasAttribute("datetime")) return { kind: "text", text: el.getAttribute("datetime") ?? "" };
  return { kind: "text", text: (el.textContent ?? "").replace(/\s+/g, " ").trim() };
}

/** The item an element's property belongs to: the nearest `typeof` above it. */
function owner(el: Element, items: Map<Element, Item>): Item | null {
  for (let current = el.parentElement; current; current = current.parentElement) {
    const found = items.get(current);
    if (found) return found;
  }
  return null;
}

/** The top-level RDFa Lite items of the page (`typeof`), with their `property` values; schema.org terms only. */
export function readRdfa(page: Page): Item[] {
  const typed = withAttribute(page, "typeof");
  if (typed.length === 0) return [];
  const items = new Map<Element, Item>();
  for (const el of typed) {
    items.set(el, {
      syntax: "rdfa",
      at: elementLocation(el),
      types: tokens(el.getAttribute("typeof")).map((type) => term(el, type) ?? type),
      id: el.getAttribute("resource"),
      properties: noProperties(),
      topLevel: true,
    });
  }
  for (const el of withAttribute(page, "property")) {
    const parent = owner(el, items);
    if (!parent) continue;
    const own = items.get(el);
    const value: ItemValue = own ? { kind: "item", item: own } : literal(page, el);
    if (own) own.topLevel = false;
    for (const written of tokens(el.getAttribute("property"))) {
      const name = term(el, written);
      if (name !== null) addValue(parent, name, value);
    }
  }
  return [...items.values()].filter((item) => item.topLevel);
}

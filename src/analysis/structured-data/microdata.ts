import { withAttribute } from "../parse";
import type { Page } from "../types";
import { elementLocation } from "./element-location";
import { addValue, noProperties, schemaTerm, type Item, type ItemValue } from "./item";

const tokens = (value: string | null): string[] => (value ?? "").split(/\s+/).filter(Boolean);
const tagOf = (el: Element) => el.localName.toLowerCase();

const URL_ATTRIBUTE: Record<string, string> = {
  a: "href", area: "href", link: "href",
  audio: "src", embed: "src", iframe: "src", img: "src", source: "src", track: "src", video: "src",
  object: "data",
};

function resolve(page: Page, href: string): string {
  try {
    return new URL(href.trim(), page.url).href;
  } catch {
    return href.trim();
  }
}

/** A property's value as the HTML standard defines it ("Values", microdata section). */
function propertyValue(page: Page, el: Element, item: (el: Element) => Item | null): ItemValue | null {
  if (el.hasAttribute("itemscope")) {
    const nested = item(el);
    return nested ? { kind: "item", item: nested } : null;
  }
  const tag = tagOf(el);
  if (tag === "meta") return { kind: "text", text: el.getAttribute("content") ?? "" };
  const urlAttribute = URL_ATTRIBUTE[tag];
  if (urlAttribute) return { kind: "url", text: resolve(page, el.getAttribute(urlAttribute) ?? "") };
  if (tag === "data" || tag === "meter") return { kind: "text", text: el.getAttribute("value") ?? "" };
  if (tag === "time" && el.hasAttribute("datetime")) return { kind: "text", text: el.getAttribute("datetime") ?? "" };
  return { kind: "text", text: (el.textContent ?? "").replace(/\s+/g, " ").trim() };
}

/** The top-level Microdata items of the page: `itemscope` elements that are no other item's property. */
export function readMicrodata(page: Page): Item[] {
  const scopes = withAttribute(page, "itemscope");
  if (scopes.length === 0) return [];
  const byId = new Map<string, Element>();
  for (const el of withAttribute(page, "id")) if (!byId.has(el.getAttribute("id")!)) byId.set(el.getAttribute("id")!, el);
  const built = new Map<Element, Item>();
  // An itemref loop (A refers to B, B to A) must end: an element being built is not entered again.
  const building = new Set<Element>();

  const item = (scope: Element): Item | null => {
    const done = built.get(scope);
    if (done) return done;
    if (building.has(scope)) return null;
    building.add(scope);
    const result: Item = {
      syntax: "microdata",
      at: elementLocation(scope),
      types: tokens(scope.getAttribute("itemtype")).map((type) => schemaTerm(type) ?? type),
      id: scope.getAttribute("itemid"),
      properties: noProperties(),
      topLevel: !scope.hasAttribute("itemprop"),
    };
    const pending: Element[] = [...scope.children];
    for (const ref of tokens(scope.getAttribute("itemref"))) {
      const target = byId.get(ref);
      if (target && target !== scope) pending.push(target);
    }
    const seen = new Set<Element>();
    while (pending.length > 0) {
      const el = pending.shift()!;
      if (seen.has(el)) continue;
      seen.add(el);
      const names = tokens(el.getAttribute("itemprop"));
      if (names.length > 0) {
        const value = propertyValue(page, el, item);
        if (value) for (const name of names) {
          const term = schemaTerm(name);
          if (term !== null) addValue(result, term, value);
        }
      }
      // A nested item's own properties are its own.
      if (!el.hasAttribute("itemscope")) pending.unshift(...el.children);
    }
    building.delete(scope);
    built.set(scope, result);
    return result;
  };

  return scopes.filter((el) => !el.hasAttribute("itemprop")).map(item).filter((found): found is Item => found !== null);
}

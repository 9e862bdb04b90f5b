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
function propertyValue(page: Page, el: Element, item: (el: Element) => Item | null, claimed: Set<Element>): ItemValue | null {
  if (el.hasAttribute("itemscope")) {
    claimed.add(el);
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

/**
 * The top-level Microdata items of the page: `itemscope` elements that are no other item's property. An item with
 * `itemprop` but no item above it (Blogger's `<div itemprop="blogPost" itemscope ...>`) is one too, as Google and
 * the common extractors read it; the HTML standard's strict reading would drop it and every property it has.
 */
export function readMicrodata(page: Page): Item[] {
  const scopes = withAttribute(page, "itemscope");
  if (scopes.length === 0) return [];
  const byId = new Map<string, Element>();
  for (const el of withAttribute(page, "id")) if (!byId.has(el.getAttribute("id")!)) byId.set(el.getAttribute("id")!, el);
  const built = new Map<Element, Item>();
  // An itemref loop (A refers to B, B to A) must end: an element being built is not entered again.
  const building = new Set<Element>();
  // Elements some item took as a property's value: an itemprop item outside them all has no item above it.
  const claimed = new Set<Element>();

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
        const value = propertyValue(page, el, item, claimed);
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

  const strict = scopes.filter((el) => !el.hasAttribute("itemprop"));
  strict.forEach(item);
  // In document order: an orphan's nested items are claimed as it is built, before the loop reaches them. One that a
  // later orphan claims through itemref ends up that orphan's value, not a second top-level item.
  const orphans = scopes.filter((el) => el.hasAttribute("itemprop") && !claimed.has(el));
  for (const el of orphans) if (!claimed.has(el)) item(el);
  const top = new Set([...strict, ...orphans.filter((el) => !claimed.has(el))]);
  const found: Item[] = [];
  for (const el of scopes) {
    const own = top.has(el) ? built.get(el) : undefined;
    if (!own) continue;
    own.topLevel = true;
    found.push(own);
  }
  return found;
}

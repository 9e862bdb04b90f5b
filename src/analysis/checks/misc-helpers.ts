import { tags } from "../parse";
import type { Page } from "../types";

/** Shared by the miscellaneous checks. */

/** The longest list a report value or error holds. */
export const MAX_LISTED = 20;

/**
 * `content` of every <meta> keyed by its lower-cased `property` and `name`: Open Graph is specified with
 * `property` and Twitter cards with `name`, but pages mix them up and both parsers accept either.
 * The first non-empty content of a key wins, as crawlers read it.
 */
const metaCache = new WeakMap<Page, ReadonlyMap<string, string>>();

export function metaByKey(page: Page): ReadonlyMap<string, string> {
  const cached = metaCache.get(page);
  if (cached) return cached;
  const found = new Map<string, string>();
  for (const meta of tags(page, "meta")) {
    const content = (meta.getAttribute("content") ?? "").trim();
    for (const attribute of ["property", "name"]) {
      const key = (meta.getAttribute(attribute) ?? "").trim().toLowerCase();
      if (key === "") continue;
      if (!found.has(key) || (found.get(key) === "" && content !== "")) found.set(key, content);
    }
  }
  // Read by structured_data, open_graph and twitter_card: built once per page.
  metaCache.set(page, found);
  return found;
}

export type JsonLdBlock = { ok: true; data: unknown } | { ok: false; error: string };

const jsonLdCache = new WeakMap<Page, JsonLdBlock[]>();

/** Every <script type="application/ld+json">, parsed once per page for the two checks that read them. */
export function jsonLdBlocks(page: Page): JsonLdBlock[] {
  const cached = jsonLdCache.get(page);
  if (cached) return cached;
  const blocks = tags(page, "script")
    .filter((s) => (s.getAttribute("type") ?? "").trim().toLowerCase() === "application/ld+json")
    .map((s): JsonLdBlock => {
      try {
        return { ok: true, data: JSON.parse(s.textContent ?? "") as unknown };
      } catch (error) {
        // RangeError too: a hostile block can nest deeper than the parser's stack.
        return { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 200) };
      }
    });
  jsonLdCache.set(page, blocks);
  return blocks;
}

export interface JsonLdItem {
  /** Where the item sits in its block: "$", "$[2]", "$['@graph'][0]". */
  path: string;
  item: unknown;
  /** The @context that applies: the item's own, else its container's (an @graph item inherits it). */
  context: unknown;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The items of a JSON-LD block: a top-level object, each item of a top-level array, each item of an
 * @graph. An object holding an @graph is a container, not an item: it needs no @type of its own.
 */
export function jsonLdItems(data: unknown): JsonLdItem[] {
  const items: JsonLdItem[] = [];
  const visit = (value: unknown, path: string, inherited: unknown): void => {
    const context = isObject(value) && "@context" in value ? value["@context"] : inherited;
    const graph = isObject(value) ? value["@graph"] : undefined;
    if (Array.isArray(graph) || isObject(graph)) {
      // A lone object is a valid @graph too (JSON-LD 1.1, 4.9).
      (Array.isArray(graph) ? graph : [graph]).forEach((child, i) => visit(child, `${path}['@graph'][${i}]`, context));
      return;
    }
    items.push({ path, item: value, context });
  };
  if (Array.isArray(data)) data.forEach((value, i) => visit(value, `$[${i}]`, undefined));
  else visit(data, "$", undefined);
  return items;
}

/** An item's @type values: a string or a list of strings. */
export function jsonLdTypes(item: unknown): string[] {
  if (!isObject(item)) return [];
  const type = item["@type"];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === "string" && t.trim() !== "").map((t) => t.trim());
}

/** Distinct values in first-seen order, capped for a report. */
export const distinct = (values: Iterable<string>): string[] => [...new Set(values)].slice(0, MAX_LISTED);

/** Why structured_data_valid and rich_results could not judge a page's items: the schema.org table was not read. */
export const VOCABULARY_UNREAD = "the schema.org vocabulary could not be read";

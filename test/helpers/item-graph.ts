import { itemGraph } from "../../src/analysis/structured-data/extract";
import type { Item, ItemValue } from "../../src/analysis/structured-data/item";
import { makePage } from "./page";

// A page's item graph from a body of markup, and items as plain data, for the tests of the structured-data readers.

export const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
export const graphOf = (body: string) => itemGraph(makePage(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`));

/** An item as plain data: types, id, and each property's values (nested items as plain data too). */
export function plain(item: Item, depth = 0): unknown {
  const value = (v: ItemValue): unknown =>
    v.kind === "item" ? (depth > 3 ? "[item]" : plain(v.item, depth + 1)) : v.kind === "ref" ? { ref: v.id, resolved: v.target !== null } : v.text;
  return {
    types: item.types,
    ...(item.id !== null && { id: item.id }),
    ...Object.fromEntries(Object.entries(item.properties).map(([name, values]) => [name, values.map(value)])),
  };
}

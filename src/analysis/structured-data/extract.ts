import type { Page } from "../types";
import { collectItems, type Item, type ItemGraph } from "./item";
import { readJsonLd } from "./json-ld";
import { readMicrodata } from "./microdata";
import { readRdfa } from "./rdfa";

/** `{"@id": ...}`, `itemid` and `resource` name the same node across blocks and syntaxes: the fullest one answers. */
function resolveReferences(all: Item[]): void {
  const byId = new Map<string, Item>();
  for (const item of all) {
    if (item.id === null) continue;
    const known = byId.get(item.id);
    if (!known || item.properties.size > known.properties.size) byId.set(item.id, item);
  }
  for (const item of all) {
    for (const values of item.properties.values()) {
      for (const value of values) if (value.kind === "ref") value.target = byId.get(value.id) ?? null;
    }
  }
}

const cache = new WeakMap<Page, ItemGraph>();

/** Every JSON-LD, Microdata and RDFa item of the page as one graph, read once per page for every check that asks. */
export function itemGraph(page: Page): ItemGraph {
  const cached = cache.get(page);
  if (cached) return cached;
  const jsonLd = readJsonLd(page);
  const attributes = [...readMicrodata(page), ...readRdfa(page)];
  const items = [...jsonLd.items, ...attributes];
  // JSON-LD is a tree: its reader lists every node as it builds it. Microdata and RDFa can share a node (itemref).
  const all = attributes.length > 0 ? [...jsonLd.all, ...collectItems(attributes)] : jsonLd.all;
  resolveReferences(all);
  const graph: ItemGraph = { items, all, problems: jsonLd.problems };
  cache.set(page, graph);
  return graph;
}


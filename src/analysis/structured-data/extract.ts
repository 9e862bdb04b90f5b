import type { Page } from "../types";
import { collectItems, type Item, type ItemGraph, type RefValue } from "./item";
import { readJsonLd } from "./json-ld";
import { readMicrodata } from "./microdata";
import { readRdfa } from "./rdfa";

/** `{"@id": ...}`, `itemid` and `resource` name the same node across blocks and syntaxes: the fullest one answers. */
function resolveReferences(all: Item[], refs: RefValue[]): Set<Item> {
  const referenced = new Set<Item>();
  if (refs.length === 0) return referenced;
  const byId = new Map<string, Item>();
  for (const item of all) {
    if (item.id === null) continue;
    const known = byId.get(item.id);
    if (!known || Object.keys(item.properties).length > Object.keys(known.properties).length) byId.set(item.id, item);
  }
  for (const ref of refs) {
    ref.target = byId.get(ref.id) ?? null;
    if (ref.target) referenced.add(ref.target);
  }
  return referenced;
}

/** Microdata and RDFa references, found by walking their values (they are few, and rare). */
function attributeRefs(items: Item[], into: RefValue[]): void {
  for (const item of items) {
    for (const property in item.properties) for (const value of item.properties[property]!) if (value.kind === "ref") into.push(value);
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
  const attributeItems = attributes.length > 0 ? collectItems(attributes) : [];
  const all = attributeItems.length > 0 ? [...jsonLd.all, ...attributeItems] : jsonLd.all;
  const refs = jsonLd.refs;
  attributeRefs(attributeItems, refs);
  const graph: ItemGraph = { items, all, problems: jsonLd.problems, referenced: resolveReferences(all, refs) };
  cache.set(page, graph);
  return graph;
}


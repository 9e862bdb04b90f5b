import { propertyValues, valueText, type Item, type Syntax } from "./item";

/** An item as the report page shows it: small, capped, plain data (it is stored with the report's results). */
export interface ItemNode {
  at: string;
  syntax: Syntax;
  types: string[];
  /** Its name, headline or id, when it has one. */
  label?: string;
  /** Property names with a text or URL value, in the order written. */
  properties: string[];
  /** Properties whose value is an item, and references to items named elsewhere on the page ("-> #id"). */
  children: { property: string; node?: ItemNode; ref?: string }[];
  /** Nested items of this one left out of the stored tree (its budget or depth spent), when there are any. */
  omitted?: number;
}

/**
 * How many items a stored tree holds: a page of 200 products shows the first ones, and says how many there are.
 * Every top-level item has its node before any nested one spends the budget, so a 53-entry list before an article
 * leaves room for the article; nested items then come level by level, each item's first before any item's next, so
 * the article's author is not crowded out by the list's 38th entry either.
 */
export const MAX_TREE_NODES = 40;
const MAX_DEPTH = 4;
const MAX_PROPERTIES = 16;
const LABEL_PROPERTIES = ["name", "headline", "title"];

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

interface Placed {
  item: Item;
  node: ItemNode;
}

/** The node of one item, with its text properties; its nested items are placed by `itemTree`, level by level. */
function nodeOf(item: Item): ItemNode {
  const labelValue = LABEL_PROPERTIES.map((p) => propertyValues(item, p)?.[0]).find((v) => v && valueText(v));
  const label = labelValue ? valueText(labelValue) : item.id;
  const node: ItemNode = { at: item.at, syntax: item.syntax, types: item.types, ...(label && { label: short(label) }), properties: [], children: [] };
  for (const property in item.properties) {
    if (node.properties.length >= MAX_PROPERTIES) break;
    const plain = item.properties[property]!.some((value) => value.kind !== "item" && value.kind !== "ref");
    if (plain && !node.properties.includes(property)) node.properties.push(property);
  }
  return node;
}

/** Item values and references of an item, in the order written. */
const nestedOf = (item: Item) =>
  Object.entries(item.properties).flatMap(([property, values]) => values.filter((value) => value.kind === "item" || value.kind === "ref").map((value) => ({ property, value })));

/**
 * Places one level's nested items under their parents' nodes while the budget lasts, taking each parent's first
 * item before any parent's second; what does not fit is counted in the parent's `omitted`. Returns the level below.
 */
function placeLevel(level: Placed[], budget: { left: number }, deep: boolean): Placed[] {
  const nested = level.map(({ item }) => nestedOf(item));
  const chosen = new Set<unknown>();
  const itemsOf = nested.map((list) => list.filter(({ value }) => value.kind === "item"));
  for (let round = 0; deep && budget.left > 0; round++) {
    const takers = itemsOf.filter((list) => round < list.length);
    if (takers.length === 0) break;
    for (const list of takers) {
      if (budget.left === 0) break;
      chosen.add(list[round]);
      budget.left--;
    }
  }
  const next: Placed[] = [];
  level.forEach(({ node }, i) => {
    for (const entry of nested[i]!) {
      const { property, value } = entry;
      if (value.kind === "ref") node.children.push({ property, ref: value.id });
      else if (value.kind === "item" && chosen.has(entry)) {
        const child = { item: value.item, node: nodeOf(value.item) };
        node.children.push({ property, node: child.node });
        next.push(child);
      } else node.omitted = (node.omitted ?? 0) + 1;
    }
  });
  return next;
}

/** The page's top-level items as trees, MAX_TREE_NODES nodes in all: every top-level item first, then level by level. */
export function itemTree(items: Item[]): ItemNode[] {
  const trees = items.slice(0, MAX_TREE_NODES).map((item) => ({ item, node: nodeOf(item) }));
  const budget = { left: MAX_TREE_NODES - trees.length };
  let level: Placed[] = trees;
  for (let depth = 0; level.length > 0; depth++) level = placeLevel(level, budget, depth < MAX_DEPTH);
  return trees.map(({ node }) => node);
}

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
}

/** How many items a stored tree holds: a page of 200 products shows the first ones, and says how many there are. */
export const MAX_TREE_NODES = 40;
const MAX_DEPTH = 4;
const MAX_PROPERTIES = 16;
const LABEL_PROPERTIES = ["name", "headline", "title"];

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** The page's top-level items as trees, depth-first, until MAX_TREE_NODES items are in. */
export function itemTree(items: Item[]): ItemNode[] {
  let budget = MAX_TREE_NODES;
  const build = (item: Item, depth: number): ItemNode => {
    budget--;
    const labelValue = LABEL_PROPERTIES.map((p) => propertyValues(item, p)?.[0]).find((v) => v && valueText(v));
    const label = labelValue ? valueText(labelValue) : item.id;
    const node: ItemNode = { at: item.at, syntax: item.syntax, types: item.types, ...(label && { label: short(label) }), properties: [], children: [] };
    for (const property in item.properties) {
      for (const value of item.properties[property]!) {
        if (value.kind === "item") {
          if (depth < MAX_DEPTH && budget > 0) node.children.push({ property, node: build(value.item, depth + 1) });
        } else if (value.kind === "ref") node.children.push({ property, ref: value.id });
        else if (!node.properties.includes(property) && node.properties.length < MAX_PROPERTIES) node.properties.push(property);
      }
    }
    return node;
  };
  const trees: ItemNode[] = [];
  for (const item of items) {
    if (budget <= 0) break;
    trees.push(build(item, 0));
  }
  return trees;
}

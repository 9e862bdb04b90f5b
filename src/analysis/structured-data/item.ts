/** The one item graph that JSON-LD, Microdata and RDFa are read into (docs/analysis.md, "Structured data"). */

export type Syntax = "json-ld" | "microdata" | "rdfa";

export type ItemValue =
  | { kind: "text"; text: string }
  /** An href, src or resource attribute: a URL by construction, not by its look. */
  | { kind: "url"; text: string }
  | { kind: "number"; text: string }
  | { kind: "boolean"; text: string }
  | { kind: "item"; item: Item }
  | RefValue;

/** `{"@id": ...}` alone, an itemref'd or `resource` reference: resolved to the page's item with that id, if any. */
export interface RefValue {
  kind: "ref";
  id: string;
  target: Item | null;
}

export interface Item {
  syntax: Syntax;
  /** Where it is: a JSON-LD block and path, or the element's location. The same text names it in every check. */
  at: string;
  /** schema.org types without their prefix ("Product"); a type of another vocabulary keeps its whole IRI. */
  types: string[];
  id: string | null;
  /**
   * schema.org properties without their prefix, in the order written; other vocabularies' properties are left out.
   * A plain object, not a Map: a 200-product page holds 800 items, and a Map takes three times the memory. A page
   * writes the names, so read them through `propertyValues` and write them through `setValues` (own keys only).
   */
  properties: Properties;
  /** Not the value of another item's property. */
  topLevel: boolean;
}

/** A problem of the markup itself, before any vocabulary is read: JSON that does not parse, a missing context. */
export interface SyntaxProblem {
  at: string;
  message: string;
}

export type Properties = Record<string, ItemValue[]>;

export const noProperties = (): Properties => ({});

/** The values written for a property, if any: own keys only ("constructor" is a name a page can write). */
export const propertyValues = (item: Item, property: string): ItemValue[] | undefined =>
  Object.hasOwn(item.properties, property) ? item.properties[property] : undefined;

export function setValues(item: Item, property: string, values: ItemValue[]): void {
  // Assigning "__proto__" would set the object's prototype rather than add a property.
  if (property === "__proto__") Object.defineProperty(item.properties, property, { value: values, enumerable: true, writable: true, configurable: true });
  else item.properties[property] = values;
}

export interface ItemGraph {
  /** Top-level items in document order, JSON-LD first, then Microdata, then RDFa. */
  items: Item[];
  /** Every item once, nested ones included, in depth-first order. */
  all: Item[];
  problems: SyntaxProblem[];
  /** Items some reference resolves to: with the items that are not top-level, the ones that are another item's value. */
  referenced: ReadonlySet<Item>;
}

const SCHEMA_IRI = /^https?:\/\/schema\.org\//i;

/** "schema:Product", "https://schema.org/Product" and "Product" (under a schema.org vocabulary) are all "Product". */
export function schemaTerm(term: string): string | null {
  const trimmed = term.trim();
  if (SCHEMA_IRI.test(trimmed)) return trimmed.replace(SCHEMA_IRI, "") || null;
  if (/^schema:/i.test(trimmed)) return trimmed.slice("schema:".length) || null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  return trimmed || null;
}

/** The values of a property, references followed to their item when the page has it. */
export function valuesOf(item: Item, property: string): ItemValue[] {
  return (propertyValues(item, property) ?? []).map((value) =>
    value.kind === "ref" && value.target ? { kind: "item", item: value.target } : value,
  );
}

export const isForeignType = (type: string): boolean => type.includes(":");

/** The text of a value that has one: what a rule compares against a literal. */
export const valueText = (value: ItemValue): string | null =>
  value.kind === "item" ? null : value.kind === "ref" ? value.id : value.text;

export function addValue(item: Item, property: string, value: ItemValue): void {
  const list = propertyValues(item, property);
  if (list) list.push(value);
  else setValues(item, property, [value]);
}

/** Every item reachable from the top-level ones, each once (a reference does not make a second copy). */
export function collectItems(items: Item[]): Item[] {
  const seen = new Set<Item>();
  const stack = [...items].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (seen.has(item)) continue;
    seen.add(item);
    const nested: Item[] = [];
    for (const property in item.properties) for (const value of item.properties[property]!) if (value.kind === "item") nested.push(value.item);
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]!);
  }
  return [...seen];
}

import { isObject, jsonLdBlocks, jsonLdItems as topLevelJsonLd, jsonLdTypes } from "../checks/misc-helpers";
import type { Page } from "../types";
import { noProperties, propertyValues, schemaTerm, setValues, type Item, type ItemValue, type RefValue, type SyntaxProblem } from "./item";

const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/i;
/** Deeper than this, a nested object is left unread: a hostile block can nest far deeper than any real one. */
const MAX_DEPTH = 32;

/** schema.org as a string, an object's @vocab, or one entry of a context list. */
export function isSchemaOrgContext(context: unknown): boolean {
  if (typeof context === "string") return SCHEMA_ORG.test(context.trim());
  if (Array.isArray(context)) return context.some(isSchemaOrgContext);
  return isObject(context) && typeof context["@vocab"] === "string" && SCHEMA_ORG.test(context["@vocab"].trim());
}

/** Property names repeat across items: their path step and schema.org term are worked out once per name. */
const steps = new Map<string, { step: string; term: string | null }>();
const MAX_REMEMBERED = 5_000;

function stepOf(name: string): { step: string; term: string | null } {
  let known = steps.get(name);
  if (!known) {
    known = { step: /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `['${name}']`, term: schemaTerm(name) };
    if (steps.size < MAX_REMEMBERED) steps.set(name, known);
  }
  return known;
}

/**
 * One written value as an item value, or null for what holds none. Its path is `at` + `step`, joined only when a
 * nested item needs it: most values are text, and a 200-product page would otherwise build thousands of path strings
 * nobody reads.
 */
function toValue(raw: unknown, at: string, step: string, depth: number, read: Read): ItemValue | null {
  if (typeof raw === "string") return { kind: "text", text: raw };
  if (typeof raw === "number") return { kind: "number", text: String(raw) };
  if (typeof raw === "boolean") return { kind: "boolean", text: String(raw) };
  if (!isObject(raw) || Array.isArray(raw)) return null;
  if ("@value" in raw || "@list" in raw || "@set" in raw) return null;
  if (typeof raw["@id"] === "string" && isReference(raw)) {
    const ref: RefValue = { kind: "ref", id: raw["@id"], target: null };
    read.refs.push(ref);
    return ref;
  }
  return depth < MAX_DEPTH ? { kind: "item", item: toItem(raw, at + step, false, depth + 1, read) } : null;
}

/** A value object (@value), a list (@list, @set) or an array: what it wraps, each value added to `out`. */
function addValues(raw: unknown, at: string, step: string, depth: number, out: ItemValue[], read: Read): void {
  if (Array.isArray(raw)) {
    for (let i = 0; i < raw.length; i++) {
      const entry: unknown = raw[i];
      addValues(entry, at, typeof entry === "object" && entry !== null ? `${step}[${i}]` : step, depth, out, read);
    }
  } else if (isObject(raw) && "@value" in raw) addValues(raw["@value"], at, step, depth, out, read);
  else if (isObject(raw) && ("@list" in raw || "@set" in raw)) addValues(raw["@list"] ?? raw["@set"], at, step, depth, out, read);
  else {
    const value = toValue(raw, at, step, depth, read);
    if (value) out.push(value);
  }
}

/**
 * The values of one property. Most properties hold one plain value: it gets a list of exactly one, as a list grown by
 * push reserves room for 17 and a 200-product page holds thousands of them.
 */
function toValues(raw: unknown, at: string, step: string, depth: number, read: Read): ItemValue[] | null {
  if (raw === null || raw === undefined) return null;
  if (!Array.isArray(raw) && !(isObject(raw) && ("@value" in raw || "@list" in raw || "@set" in raw))) {
    const value = toValue(raw, at, step, depth, read);
    return value ? [value] : null;
  }
  const out: ItemValue[] = [];
  addValues(raw, at, step, depth, out, read);
  return out.length > 0 ? out.slice() : null;
}

/** `{"@id": ...}` and nothing else (a @context aside): a reference to a node, not a node. */
function isReference(node: Record<string, unknown>): boolean {
  for (const key in node) if (key !== "@id" && key !== "@context") return false;
  return true;
}

/**
 * Type names repeat across items as property names do: each is read once, and items of one type share one list
 * (nothing changes an item's types once read).
 */
const typeLists = new Map<string, string[]>();
const NO_TYPES: string[] = [];

const typesOf = (node: Record<string, unknown>): string[] => {
  const type = node["@type"];
  if (typeof type === "string") {
    let types = typeLists.get(type);
    if (types === undefined) {
      const trimmed = type.trim();
      types = trimmed === "" ? NO_TYPES : [schemaTerm(trimmed) ?? trimmed];
      if (typeLists.size < MAX_REMEMBERED) typeLists.set(type, types);
    }
    return types;
  }
  return jsonLdTypes(node).map((t) => schemaTerm(t) ?? t);
};

/** The node as an item, added to `all` before its nested items (depth-first, as the checks list them). */
function toItem(node: Record<string, unknown>, at: string, topLevel: boolean, depth: number, read: Read): Item {
  const item: Item = {
    syntax: "json-ld",
    at,
    types: typesOf(node),
    id: typeof node["@id"] === "string" ? node["@id"] : null,
    properties: noProperties(),
    topLevel,
  };
  read.all.push(item);
  for (const name in node) {
    if (name.charCodeAt(0) === 64 /* @ */) continue;
    const raw = node[name];
    const { step, term } = stepOf(name);
    if (term === null) continue;
    const values = toValues(raw, at, step, depth, read);
    if (!values) continue;
    // "name" and "schema:name" are one property.
    const known = propertyValues(item, term);
    setValues(item, term, known ? known.concat(values) : values);
  }
  return item;
}

/** What the reader gathers: every item in depth-first order, and every reference, so resolving them need not walk all values. */
interface Read {
  all: Item[];
  refs: RefValue[];
}

/**
 * Every JSON-LD item of the page (top-level ones, and all with the nested), its references, with the problems that
 * keep a block or an item from being read.
 */
export function readJsonLd(page: Page): { items: Item[]; all: Item[]; refs: RefValue[]; problems: SyntaxProblem[] } {
  const items: Item[] = [];
  const read: Read = { all: [], refs: [] };
  const problems: SyntaxProblem[] = [];
  jsonLdBlocks(page).forEach((block, index) => {
    const where = `JSON-LD block ${index + 1}`;
    if (!block.ok) {
      problems.push({ at: where, message: `not valid JSON: ${block.error}` });
      return;
    }
    for (const { path, item, context } of topLevelJsonLd(block.data)) {
      const at = `${where} ${path}`;
      const problem = !isObject(item)
        ? "not an object"
        : context === undefined
          ? "no @context"
          : !isSchemaOrgContext(context)
            ? "@context is not schema.org"
            : jsonLdTypes(item).length === 0
              ? "no @type"
              : null;
      if (problem) problems.push({ at, message: problem });
      if (isObject(item) && (problem === null || problem === "no @type")) items.push(toItem(item, at, true, 0, read));
    }
  });
  return { items, all: read.all, refs: read.refs, problems };
}

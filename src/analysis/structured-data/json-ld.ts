import { isObject, jsonLdBlocks, jsonLdItems as topLevelJsonLd, jsonLdTypes } from "../checks/misc-helpers";
import type { Page } from "../types";
import { schemaTerm, type Item, type ItemValue, type RefValue, type SyntaxProblem } from "./item";

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
 * The values of one property. Its path is `at` + `step`, joined only when a nested item needs it: most values are
 * text, and a 200-product page would otherwise build thousands of path strings nobody reads.
 */
function toValues(raw: unknown, at: string, step: string, depth: number, out: ItemValue[], read: Read): void {
  if (raw === null || raw === undefined) return;
  if (typeof raw === "string") out.push({ kind: "text", text: raw });
  else if (typeof raw === "number") out.push({ kind: "number", text: String(raw) });
  else if (typeof raw === "boolean") out.push({ kind: "boolean", text: String(raw) });
  else if (Array.isArray(raw)) {
    for (let i = 0; i < raw.length; i++) {
      const entry: unknown = raw[i];
      if (typeof entry === "object" && entry !== null) toValues(entry, at, `${step}[${i}]`, depth, out, read);
      else toValues(entry, at, step, depth, out, read);
    }
  } else if (isObject(raw)) {
    if ("@value" in raw) return toValues(raw["@value"], at, step, depth, out, read);
    if ("@list" in raw || "@set" in raw) return toValues(raw["@list"] ?? raw["@set"], at, step, depth, out, read);
    if (typeof raw["@id"] === "string" && isReference(raw)) {
      const ref: RefValue = { kind: "ref", id: raw["@id"], target: null };
      out.push(ref);
      read.refs.push(ref);
    } else if (depth < MAX_DEPTH) out.push({ kind: "item", item: toItem(raw, at + step, false, depth + 1, read) });
  }
}

/** `{"@id": ...}` and nothing else (a @context aside): a reference to a node, not a node. */
function isReference(node: Record<string, unknown>): boolean {
  for (const key in node) if (key !== "@id" && key !== "@context") return false;
  return true;
}

/** Type names repeat across items as property names do: each is read once. */
const typeTerms = new Map<string, string>();

const typesOf = (node: Record<string, unknown>): string[] => {
  const type = node["@type"];
  if (typeof type === "string") {
    let term = typeTerms.get(type);
    if (term === undefined) {
      const trimmed = type.trim();
      term = trimmed === "" ? "" : (schemaTerm(trimmed) ?? trimmed);
      if (typeTerms.size < MAX_REMEMBERED) typeTerms.set(type, term);
    }
    return term === "" ? [] : [term];
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
    properties: new Map(),
    topLevel,
  };
  read.all.push(item);
  for (const name in node) {
    if (name.charCodeAt(0) === 64 /* @ */) continue;
    const raw = node[name];
    const { step, term } = stepOf(name);
    if (term === null) continue;
    const known = item.properties.get(term);
    const values = known ?? [];
    toValues(raw, at, step, depth, values, read);
    if (!known && values.length > 0) item.properties.set(term, values);
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

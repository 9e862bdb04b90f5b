import { isObject, jsonLdBlocks, jsonLdItems as topLevelJsonLd, jsonLdTypes } from "../checks/misc-helpers";
import type { Page } from "../types";
import { addValue, schemaTerm, type Item, type ItemValue, type SyntaxProblem } from "./item";

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

function toValues(raw: unknown, at: string, depth: number, out: ItemValue[]): void {
  if (raw === null || raw === undefined) return;
  if (Array.isArray(raw)) {
    raw.forEach((entry, i) => toValues(entry, `${at}[${i}]`, depth, out));
    return;
  }
  if (typeof raw === "string") out.push({ kind: "text", text: raw });
  else if (typeof raw === "number") out.push({ kind: "number", text: String(raw) });
  else if (typeof raw === "boolean") out.push({ kind: "boolean", text: String(raw) });
  else if (isObject(raw)) {
    if ("@value" in raw) return toValues(raw["@value"], at, depth, out);
    if ("@list" in raw || "@set" in raw) return toValues(raw["@list"] ?? raw["@set"], at, depth, out);
    const keys = Object.keys(raw).filter((k) => k !== "@context");
    if (keys.length === 1 && keys[0] === "@id" && typeof raw["@id"] === "string") out.push({ kind: "ref", id: raw["@id"], target: null });
    else if (depth < MAX_DEPTH) out.push({ kind: "item", item: toItem(raw, at, false, depth + 1) });
  }
}

function toItem(node: Record<string, unknown>, at: string, topLevel: boolean, depth: number): Item {
  const item: Item = {
    syntax: "json-ld",
    at,
    types: jsonLdTypes(node).map((type) => schemaTerm(type) ?? type),
    id: typeof node["@id"] === "string" ? node["@id"] : null,
    properties: new Map(),
    topLevel,
  };
  for (const [name, raw] of Object.entries(node)) {
    if (name.startsWith("@")) continue;
    const { step, term } = stepOf(name);
    if (term === null) continue;
    const values: ItemValue[] = [];
    toValues(raw, at + step, depth, values);
    for (const value of values) addValue(item, term, value);
  }
  return item;
}

/** Every top-level JSON-LD item of the page, with the problems that keep a block or an item from being read. */
export function readJsonLd(page: Page): { items: Item[]; problems: SyntaxProblem[] } {
  const items: Item[] = [];
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
      if (isObject(item) && (problem === null || problem === "no @type")) items.push(toItem(item, at, true, 0));
    }
  });
  return { items, problems };
}

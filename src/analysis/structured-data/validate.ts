import type { Finding } from "./finding";
import { isForeignType, type Item, type ItemGraph, type ItemValue } from "./item";
import { isAbsoluteUrl, looksLikeDate, looksLikeNumber, looksLikeUrl } from "./value-kinds";
import type { Vocabulary } from "./vocabulary";

type Family = "any" | "url" | "date" | "number" | "item";

const FAMILY_OF_DATA_TYPE: Record<string, Family> = {
  URL: "url",
  Date: "date",
  DateTime: "date",
  Time: "date",
  Number: "number",
  Integer: "number",
  Float: "number",
};

/** What a property's values must be when its expected types agree on one kind; "any" when they leave a choice. */
function expectedFamily(vocabulary: Vocabulary, property: string): Family {
  const families = new Set<Family>();
  for (const range of vocabulary.ranges(property)) {
    if (vocabulary.isDataType(range)) families.add(FAMILY_OF_DATA_TYPE[range] ?? "any");
    // An enumeration's members are commonly written as their bare names: text is not wrong there.
    else families.add(vocabulary.ancestors(range).has("Enumeration") ? "any" : "item");
  }
  return families.size === 1 ? [...families][0]! : "any";
}

const WRONG_KIND: Record<Exclude<Family, "any">, { wrong: (value: ItemValue) => boolean; expects: string }> = {
  url: { wrong: (v) => v.kind === "text" && !looksLikeUrl(v.text), expects: "a URL" },
  date: { wrong: (v) => (v.kind === "text" || v.kind === "number") && !looksLikeDate(v.text), expects: "an ISO 8601 date or time" },
  number: { wrong: (v) => v.kind === "text" && !looksLikeNumber(v.text), expects: "a number" },
  item: { wrong: (v) => (v.kind === "text" && !isAbsoluteUrl(v.text)) || v.kind === "number" || v.kind === "boolean", expects: "an item" },
};

const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;

interface Note {
  message: string;
  fix: string;
}

/** Superseded, retired and pending: what the vocabulary says of a term, as messages without a location. */
function termNotes(vocabulary: Vocabulary, term: string, what: string): Note[] {
  const replacement = vocabulary.supersededBy(term);
  if (!replacement && !vocabulary.isRetired(term) && !vocabulary.isPending(term)) return [];
  const notes: Note[] = [];
  if (replacement) notes.push({ message: `${what} "${term}" is superseded by "${replacement}"`, fix: `Write "${replacement}" instead of "${term}".` });
  if (vocabulary.isRetired(term)) notes.push({ message: `${what} "${term}" was retired from schema.org`, fix: `Remove "${term}" or use a current term.` });
  if (vocabulary.isPending(term)) notes.push({ message: `${what} "${term}" is a pending schema.org term`, fix: `Pending terms may change; consumers may ignore "${term}".` });
  return notes;
}

/** What validation asks of a property as written, worked out once per name rather than once per use. */
interface PropertyFacts {
  /** Without an Action's -input / -output annotation ("Potential Actions"). */
  property: string;
  known: boolean;
  /** For an unknown property: the fix, naming the right case when only the case is wrong. */
  unknownFix: string;
  domains: readonly string[];
  family: Family;
  ranges: string;
  notes: Note[];
}

/** What validation asks of an item's list of types, worked out once per distinct list rather than once per item. */
interface TypeFacts {
  /** The type errors and term notes, without a location. */
  findings: Omit<Finding, "at">[];
  /** The schema.org types among them, as a message names them ("Product or Offer"); null when there are none. */
  known: string | null;
  allowed: ReadonlySet<string>;
  /** Whether a property is declared on one of the allowed types, per property. */
  declared: Map<string, boolean>;
}

interface Memo {
  properties: Map<string, PropertyFacts>;
  types: Map<string, TypeFacts>;
}

const memos = new WeakMap<Vocabulary, Memo>();
const MAX_REMEMBERED = 5_000;

function memoOf(vocabulary: Vocabulary): Memo {
  let memo = memos.get(vocabulary);
  if (!memo) memos.set(vocabulary, (memo = { properties: new Map(), types: new Map() }));
  return memo;
}

/** Map.get, else compute and keep (up to MAX_REMEMBERED entries): without a closure, as it runs per property. */
function kept<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size < MAX_REMEMBERED) map.set(key, value);
  return value;
}

function propertyFacts(vocabulary: Vocabulary, memo: Memo, written: string): PropertyFacts {
  const known = memo.properties.get(written);
  if (known) return known;
  const property = written.replace(/-(input|output)$/, "");
  const isKnown = vocabulary.isProperty(property);
  const spelled = isKnown ? null : vocabulary.spelling(property);
  return kept(memo.properties, written, {
    property,
    known: isKnown,
    unknownFix: spelled && vocabulary.isProperty(spelled) ? `Write "${spelled}" (properties are case-sensitive).` : "Remove it, or use a property schema.org defines.",
    domains: isKnown ? vocabulary.domains(property) : [],
    family: isKnown ? expectedFamily(vocabulary, property) : "any",
    ranges: isKnown ? vocabulary.ranges(property).slice(0, 3).join(" or ") : "",
    notes: isKnown ? termNotes(vocabulary, property, "Property") : [],
  });
}

const isSchemaType = (vocabulary: Vocabulary, type: string) => !isForeignType(type) && vocabulary.isType(type);

function typeFacts(vocabulary: Vocabulary, memo: Memo, types: string[]): TypeFacts {
  const key = types.length === 1 ? types[0]! : types.join("\u0000");
  const remembered = memo.types.get(key);
  if (remembered) return remembered;
  const findings: Omit<Finding, "at">[] = [];
  for (const type of types) {
    if (isForeignType(type)) continue;
    if (!vocabulary.isType(type)) {
      const spelled = vocabulary.spelling(type);
      findings.push({
        level: "error",
        message: `"${type}" is not a schema.org type`,
        fix: spelled && vocabulary.isType(spelled) ? `Write "${spelled}" (types are case-sensitive).` : `Use a type that schema.org ${vocabulary.release} defines.`,
      });
      continue;
    }
    for (const note of termNotes(vocabulary, type, "Type")) findings.push({ level: "warning", ...note });
  }
  const known = types.filter((type) => isSchemaType(vocabulary, type));
  const allowed = known.length === 1 ? vocabulary.ancestors(known[0]!) : new Set(known.flatMap((type) => [...vocabulary.ancestors(type)]));
  return kept(memo.types, key, { findings, known: known.length > 0 ? known.join(" or ") : null, allowed, declared: new Map() });
}

function declaredOn(types: TypeFacts, facts: PropertyFacts): boolean {
  const answer = types.declared.get(facts.property);
  if (answer !== undefined) return answer;
  return kept(types.declared, facts.property, facts.domains.some((domain) => types.allowed.has(domain)));
}

/** Adds the item's findings to `findings`. */
function validateItem(vocabulary: Vocabulary, memo: Memo, item: Item, findings: Finding[]): void {
  const at = item.at;
  const types = typeFacts(vocabulary, memo, item.types);
  for (const { level, message, fix } of types.findings) findings.push({ level, at, message, fix });
  if (types.known === null) return;
  for (const written in item.properties) {
    const values = item.properties[written]!;
    const facts = propertyFacts(vocabulary, memo, written);
    if (!facts.known) {
      findings.push({ level: "warning", at, property: written, message: `"${written}" is not a schema.org property`, fix: facts.unknownFix });
      continue;
    }
    if (!declaredOn(types, facts)) {
      findings.push({
        level: "warning",
        at,
        property: written,
        message: `"${written}" is not a property of ${types.known}`,
        fix: `Remove it, or give the item a type that has it (${facts.domains.slice(0, 3).join(", ")}).`,
      });
    }
    for (const note of facts.notes) findings.push({ level: "warning", at, property: written, ...note });
    if (facts.family === "any") continue;
    const rule = WRONG_KIND[facts.family];
    const wrong = values.find(rule.wrong);
    if (wrong && wrong.kind !== "item" && wrong.kind !== "ref") {
      findings.push({
        level: "warning",
        at,
        property: written,
        message: `"${written}" expects ${rule.expects} (${facts.ranges}), not ${quote(wrong.text)}`,
        fix: facts.family === "item" ? `Write "${written}" as a nested ${facts.ranges} item.` : `Write "${written}" as ${rule.expects}.`,
      });
    }
  }
}

/** The schema.org findings of every item of the graph, against the pinned release (docs/analysis.md). */
export function validateGraph(graph: ItemGraph, vocabulary: Vocabulary): Finding[] {
  const memo = memoOf(vocabulary);
  const findings: Finding[] = [];
  for (const item of graph.all) validateItem(vocabulary, memo, item, findings);
  return findings;
}

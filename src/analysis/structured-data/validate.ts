import type { Finding } from "./finding";
import { isForeignType, type Item, type ItemGraph, type ItemValue } from "./item";
import { isAbsoluteUrl, looksLikeDate, looksLikeNumber, looksLikeUrl } from "./value-kinds";
import { schemaVocabulary, type Vocabulary } from "./vocabulary";

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

function termNotes(vocabulary: Vocabulary, at: string, term: string, what: string, property?: string): Finding[] {
  const replacement = vocabulary.supersededBy(term);
  if (!replacement && !vocabulary.isRetired(term) && !vocabulary.isPending(term)) return [];
  const notes: Finding[] = [];
  const base = { level: "warning" as const, at, ...(property && { property }) };
  if (replacement) notes.push({ ...base, message: `${what} "${term}" is superseded by "${replacement}"`, fix: `Write "${replacement}" instead of "${term}".` });
  if (vocabulary.isRetired(term)) notes.push({ ...base, message: `${what} "${term}" was retired from schema.org`, fix: `Remove "${term}" or use a current term.` });
  if (vocabulary.isPending(term)) notes.push({ ...base, message: `${what} "${term}" is a pending schema.org term`, fix: `Pending terms may change; consumers may ignore "${term}".` });
  return notes;
}

/** What validation asks of a property, worked out once per property rather than once per use. */
interface PropertyFacts {
  domains: readonly string[];
  family: Family;
  ranges: string;
}

interface Memo {
  properties: Map<string, PropertyFacts>;
  /** Types and their parents, per distinct list of types. */
  allowed: Map<string, ReadonlySet<string>>;
}

const memos = new WeakMap<Vocabulary, Memo>();

function memoOf(vocabulary: Vocabulary): Memo {
  let memo = memos.get(vocabulary);
  if (!memo) memos.set(vocabulary, (memo = { properties: new Map(), allowed: new Map() }));
  return memo;
}

function propertyFacts(vocabulary: Vocabulary, memo: Memo, property: string): PropertyFacts {
  let facts = memo.properties.get(property);
  if (!facts) {
    facts = { domains: vocabulary.domains(property), family: expectedFamily(vocabulary, property), ranges: vocabulary.ranges(property).slice(0, 3).join(" or ") };
    memo.properties.set(property, facts);
  }
  return facts;
}

function allowedFor(vocabulary: Vocabulary, memo: Memo, types: string[]): ReadonlySet<string> {
  const key = types.join(" ");
  let allowed = memo.allowed.get(key);
  if (!allowed) {
    allowed = types.length === 1 ? vocabulary.ancestors(types[0]!) : new Set(types.flatMap((type) => [...vocabulary.ancestors(type)]));
    memo.allowed.set(key, allowed);
  }
  return allowed;
}

function validateItem(vocabulary: Vocabulary, memo: Memo, item: Item): Finding[] {
  const findings: Finding[] = [];
  const known: string[] = [];
  for (const type of item.types.filter((t) => !isForeignType(t))) {
    if (!vocabulary.isType(type)) {
      const spelled = vocabulary.spelling(type);
      findings.push({
        level: "error",
        at: item.at,
        message: `"${type}" is not a schema.org type`,
        fix: spelled && vocabulary.isType(spelled) ? `Write "${spelled}" (types are case-sensitive).` : `Use a type that schema.org ${vocabulary.release} defines.`,
      });
      continue;
    }
    known.push(type);
    findings.push(...termNotes(vocabulary, item.at, type, "Type"));
  }
  if (known.length === 0) return findings;
  const allowed = allowedFor(vocabulary, memo, known);
  for (const [written, values] of item.properties) {
    // schema.org Actions annotate a property with -input / -output ("Potential Actions").
    const property = written.replace(/-(input|output)$/, "");
    const at = item.at;
    if (!vocabulary.isProperty(property)) {
      const spelled = vocabulary.spelling(property);
      findings.push({
        level: "warning",
        at,
        property: written,
        message: `"${written}" is not a schema.org property`,
        fix: spelled && vocabulary.isProperty(spelled) ? `Write "${spelled}" (properties are case-sensitive).` : "Remove it, or use a property schema.org defines.",
      });
      continue;
    }
    const facts = propertyFacts(vocabulary, memo, property);
    const domains = facts.domains;
    if (!domains.some((domain) => allowed.has(domain))) {
      findings.push({
        level: "warning",
        at,
        property: written,
        message: `"${written}" is not a property of ${known.join(" or ")}`,
        fix: `Remove it, or give the item a type that has it (${domains.slice(0, 3).join(", ")}).`,
      });
    }
    findings.push(...termNotes(vocabulary, at, property, "Property", written));
    const family = facts.family;
    if (family === "any") continue;
    const rule = WRONG_KIND[family];
    const wrong = values.find(rule.wrong);
    if (wrong && wrong.kind !== "item" && wrong.kind !== "ref") {
      const ranges = facts.ranges;
      findings.push({
        level: "warning",
        at,
        property: written,
        message: `"${written}" expects ${rule.expects} (${ranges}), not ${quote(wrong.text)}`,
        fix: family === "item" ? `Write "${written}" as a nested ${ranges} item.` : `Write "${written}" as ${rule.expects}.`,
      });
    }
  }
  return findings;
}

/** The schema.org findings of every item of the graph, against the pinned release (docs/analysis.md). */
export function validateGraph(graph: ItemGraph, vocabulary: Vocabulary = schemaVocabulary()): Finding[] {
  const memo = memoOf(vocabulary);
  return graph.all.flatMap((item) => validateItem(vocabulary, memo, item));
}

import type { Finding } from "../finding";
import { propertyValues, schemaTerm, valuesOf, type Item, type ItemGraph, type ItemValue } from "../item";
import type { Vocabulary } from "../vocabulary";
import { commerceFeatures } from "./features-commerce";
import { contentFeatures } from "./features-content";
import { mediaFeatures, retiredFeatures } from "./features-media";
import type { FeatureRule, Requirement, RetiredRule } from "./rule";

export const featureRules: readonly FeatureRule[] = [...contentFeatures, ...commerceFeatures, ...mediaFeatures];

export interface FeatureReport {
  feature: string;
  source: string;
  items: number;
  eligible: number;
  /** Every missing required or recommended property; `errors` and `warnings` keep the first MAX_FINDINGS. */
  error_count: number;
  warning_count: number;
  errors: Finding[];
  warnings: Finding[];
  note?: string;
}

export interface RetiredReport {
  feature: string;
  source: string;
  note?: string;
  /** Where each item is. */
  items: string[];
}

const present = (value: ItemValue) => value.kind === "item" || value.kind === "ref" || value.text.trim() !== "";

/** A path is met when its first property has a value and every item among those values meets the rest. */
function meets(item: Item, path: readonly string[], from = 0): boolean {
  const name = path[from]!;
  if (name === "@type") return item.types.length > 0;
  const values = propertyValues(item, name);
  if (!values) return false;
  const last = from === path.length - 1;
  let found = false;
  for (const value of values) {
    if (!present(value)) continue;
    if (last) return true;
    const child = value.kind === "item" ? value.item : value.kind === "ref" ? value.target : null;
    if (!child) continue;
    if (!meets(child, path, from + 1)) return false;
    found = true;
  }
  return found;
}

const paths = new Map<string, readonly string[]>();
const splitPath = (path: string): readonly string[] => {
  let split = paths.get(path);
  if (!split) paths.set(path, (split = path.split(".")));
  return split;
};

/** A requirement with its paths split and its words written once per rule table, not once per item judged. */
interface Compiled {
  paths: readonly (readonly string[])[];
  described: string;
}

const compiledLists = new WeakMap<readonly Requirement[], readonly Compiled[]>();

function compiled(list: readonly Requirement[]): readonly Compiled[] {
  let found = compiledLists.get(list);
  if (!found) {
    found = list.map((requirement) => ({
      paths: (typeof requirement === "string" ? [requirement] : requirement).map(splitPath),
      described: describe(requirement),
    }));
    compiledLists.set(list, found);
  }
  return found;
}

function satisfied(item: Item, requirement: Compiled): boolean {
  const paths = requirement.paths;
  for (let i = 0; i < paths.length; i++) if (meets(item, paths[i]!)) return true;
  return false;
}

const describe = (requirement: Requirement) =>
  typeof requirement === "string" ? `"${requirement}"` : `one of ${requirement.map((path) => `"${path}"`).join(", ")}`;

const comparable = (value: ItemValue): string[] =>
  value.kind === "item" ? value.item.types.map((t) => t.toLowerCase()) : value.kind === "ref" ? [] : [(schemaTerm(value.text) ?? value.text).trim().toLowerCase()];

function conditionHolds(item: Item, when: FeatureRule["when"]): boolean {
  if (!when) return true;
  if (typeof when.path === "string" && !when.values) return meets(item, splitPath(when.path));
  const paths = typeof when.path === "string" ? [when.path] : when.path;
  return paths.some((path) => {
    if (path === "@type") return item.types.some((type) => when.values?.includes(type));
    if (!when.values) return meets(item, splitPath(path));
    const values = valuesOf(item, path).filter(present);
    const wanted = new Set(when.values.map((v) => v.toLowerCase()));
    return values.some((value) => comparable(value).some((text) => wanted.has(text)));
  });
}

/** Items whose types are the same list: their lineage is worked out once, and a rule's `except` judged once. */
interface TypeGroup {
  lineage: ReadonlySet<string>;
  /** Positions in the graph's `all`, ascending. */
  positions: number[];
}

/**
 * The items of each type, subtypes included, built once per evaluation so a rule visits only its own candidates.
 * Items are grouped by their list of types first: a page of 200 products has four groups, not 800 entries per type.
 */
function itemsByType(vocabulary: Vocabulary, all: Item[]) {
  const groups = new Map<string, TypeGroup>();
  for (let i = 0; i < all.length; i++) {
    const types = all[i]!.types;
    const key = types.length === 1 ? types[0]! : types.join("\u0000");
    let group = groups.get(key);
    if (!group) {
      const lineage = types.length === 1 ? vocabulary.ancestors(types[0]!) : new Set(types.flatMap((type) => [...vocabulary.ancestors(type)]));
      groups.set(key, (group = { lineage, positions: [] }));
    }
    group.positions.push(i);
  }
  const byType = new Map<string, TypeGroup[]>();
  for (const group of groups.values()) {
    for (const type of group.lineage) {
      const list = byType.get(type);
      if (list) list.push(group);
      else byType.set(type, [group]);
    }
  }
  return { all, byType };
}

/** The items of one type in document order, without the groups of an excepted subtype. */
function itemsOfType(index: ReturnType<typeof itemsByType>, type: string, except: readonly string[]): Item[] {
  const groups = (index.byType.get(type) ?? []).filter((group) => !except.some((excepted) => group.lineage.has(excepted)));
  if (groups.length === 0) return [];
  const positions = groups.length === 1 ? groups[0]!.positions : groups.flatMap((group) => group.positions).sort((a, b) => a - b);
  return positions.map((i) => index.all[i]!);
}

function candidates(index: ReturnType<typeof itemsByType>, types: readonly string[], except: readonly string[] = []): Item[] {
  return types.length === 1 ? itemsOfType(index, types[0]!, except) : [...new Set(types.flatMap((type) => itemsOfType(index, type, except)))];
}

/** The findings a report keeps per feature; past it they are only counted. */
export const MAX_FINDINGS = 20;

/** A rule with its requirement lists compiled, looked up once per rule rather than once per item judged. */
interface CompiledRule {
  rule: FeatureRule;
  required: readonly Compiled[];
  requiredStandalone: readonly Compiled[];
  recommended: readonly Compiled[];
}

const compiledRules = new WeakMap<FeatureRule, CompiledRule>();

function compiledRule(rule: FeatureRule): CompiledRule {
  let found = compiledRules.get(rule);
  if (!found) {
    found = { rule, required: compiled(rule.required), requiredStandalone: compiled(rule.requiredStandalone ?? []), recommended: compiled(rule.recommended) };
    compiledRules.set(rule, found);
  }
  return found;
}

/** Counts the requirements the item misses, writing the first MAX_FINDINGS of the feature as findings. */
function recordMissing(rule: FeatureRule, item: Item, list: readonly Compiled[], into: Finding[], level: Finding["level"]): number {
  let missing = 0;
  for (let i = 0; i < list.length; i++) {
    const requirement = list[i]!;
    if (satisfied(item, requirement)) continue;
    missing++;
    // Writing every message of a 200-product page costs more than judging it: only the kept ones are written.
    if (into.length < MAX_FINDINGS) {
      const kind = level === "error" ? "required" : "recommended";
      into.push({ level, at: item.at, message: `${rule.feature}: ${kind} ${requirement.described} is missing`, fix: `Add ${requirement.described} (${rule.source}).` });
    }
  }
  return missing;
}

/** Judges one item into its feature's report: whether it is eligible, and what is missing. */
function judge(compiledRule: CompiledRule, item: Item, standalone: boolean, report: FeatureReport): void {
  const { rule } = compiledRule;
  let errors = recordMissing(rule, item, compiledRule.required, report.errors, "error");
  if (standalone) errors += recordMissing(rule, item, compiledRule.requiredStandalone, report.errors, "error");
  report.warning_count += recordMissing(rule, item, compiledRule.recommended, report.warnings, "warning");
  report.error_count += errors;
  report.items++;
  if (errors === 0) report.eligible++;
}

/**
 * Every item that is a candidate for a Google rich result, judged against its feature's rules: one report per
 * feature found, in the order of the rule tables, and the retired features the page still marks up.
 */
export function evaluateRichResults(graph: ItemGraph, vocabulary: Vocabulary): { features: FeatureReport[]; retired: RetiredReport[] } {
  // Another item's value: nested where it is written, or named by a reference.
  const isNested = (item: Item) => !item.topLevel || graph.referenced.has(item);
  const index = itemsByType(vocabulary, graph.all);
  const byFeature = new Map<string, FeatureReport>();
  for (const rule of featureRules) {
    const compiledOne = compiledRule(rule);
    for (const item of candidates(index, rule.types, rule.except)) {
      if (!conditionHolds(item, rule.when)) continue;
      if (rule.topLevelOnly && isNested(item)) continue;
      let report = byFeature.get(rule.feature);
      if (!report) {
        report = { feature: rule.feature, source: rule.source, items: 0, eligible: 0, error_count: 0, warning_count: 0, errors: [], warnings: [], ...(rule.note && { note: rule.note }) };
        byFeature.set(rule.feature, report);
      }
      judge(compiledOne, item, !isNested(item), report);
    }
  }
  const retired = retiredFeatures
    .map((rule: RetiredRule) => ({
      feature: rule.feature,
      source: rule.source,
      ...(rule.note && { note: rule.note }),
      items: candidates(index, rule.types).filter((item) => conditionHolds(item, rule.when)).map((item) => item.at),
    }))
    .filter((report) => report.items.length > 0);
  return { features: [...byFeature.values()], retired };
}

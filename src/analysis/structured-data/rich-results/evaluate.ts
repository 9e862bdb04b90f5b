import type { Finding } from "../finding";
import { schemaTerm, valuesOf, type Item, type ItemGraph, type ItemValue } from "../item";
import { schemaVocabulary, type Vocabulary } from "../vocabulary";
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
  errorCount: number;
  warningCount: number;
  errors: Finding[];
  warnings: Finding[];
  note?: string;
}

export interface RetiredReport {
  feature: string;
  source: string;
  /** Where each item is. */
  items: string[];
}

const present = (value: ItemValue) => value.kind === "item" || value.kind === "ref" || value.text.trim() !== "";

/** A path is met when its first property has a value and every item among those values meets the rest. */
function meets(item: Item, path: readonly string[], from = 0): boolean {
  const name = path[from]!;
  if (name === "@type") return item.types.length > 0;
  const values = item.properties.get(name);
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

const satisfied = (item: Item, requirement: Requirement) =>
  typeof requirement === "string" ? meets(item, splitPath(requirement)) : requirement.some((path) => meets(item, splitPath(path)));

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

/** The items of each type, subtypes included: built once per evaluation, so a rule visits only its own candidates. */
function itemsByType(vocabulary: Vocabulary, items: Item[]): { lineage: Map<Item, ReadonlySet<string>>; byType: Map<string, Item[]> } {
  const lineage = new Map<Item, ReadonlySet<string>>();
  const byType = new Map<string, Item[]>();
  for (const item of items) {
    const types = item.types.length === 1 ? vocabulary.ancestors(item.types[0]!) : new Set(item.types.flatMap((type) => [...vocabulary.ancestors(type)]));
    lineage.set(item, types);
    for (const type of types) {
      const list = byType.get(type);
      if (list) list.push(item);
      else byType.set(type, [item]);
    }
  }
  return { lineage, byType };
}

function candidates(index: ReturnType<typeof itemsByType>, types: readonly string[], except: readonly string[] = []): Item[] {
  const found = types.length === 1 ? (index.byType.get(types[0]!) ?? []) : [...new Set(types.flatMap((type) => index.byType.get(type) ?? []))];
  return except.length === 0 ? found : found.filter((item) => !except.some((type) => index.lineage.get(item)!.has(type)));
}

/** Items that are another item's value, directly or by reference: not standalone. */
function valueItems(graph: ItemGraph): Set<Item> {
  const nested = new Set<Item>();
  for (const item of graph.all) {
    for (const values of item.properties.values()) {
      for (const value of values) {
        if (value.kind === "item") nested.add(value.item);
        else if (value.kind === "ref" && value.target) nested.add(value.target);
      }
    }
  }
  return nested;
}

/** The findings a report keeps per feature; past it they are only counted. */
export const MAX_FINDINGS = 20;

/** Counts the requirements the item misses, writing the first MAX_FINDINGS of the feature as findings. */
function recordMissing(rule: FeatureRule, item: Item, list: readonly Requirement[], into: Finding[], level: Finding["level"]): number {
  let missing = 0;
  for (const requirement of list) {
    if (satisfied(item, requirement)) continue;
    missing++;
    // Writing every message of a 200-product page costs more than judging it: only the kept ones are written.
    if (into.length < MAX_FINDINGS) {
      const kind = level === "error" ? "required" : "recommended";
      into.push({ level, at: item.at, message: `${rule.feature}: ${kind} ${describe(requirement)} is missing`, fix: `Add ${describe(requirement)} (${rule.source}).` });
    }
  }
  return missing;
}

/** Judges one item into its feature's report: whether it is eligible, and what is missing. */
function judge(rule: FeatureRule, item: Item, standalone: boolean, report: FeatureReport): void {
  let errors = recordMissing(rule, item, rule.required, report.errors, "error");
  if (standalone && rule.requiredStandalone) errors += recordMissing(rule, item, rule.requiredStandalone, report.errors, "error");
  report.warningCount += recordMissing(rule, item, rule.recommended, report.warnings, "warning");
  report.errorCount += errors;
  report.items++;
  if (errors === 0) report.eligible++;
}

/**
 * Every item that is a candidate for a Google rich result, judged against its feature's rules: one report per
 * feature found, in the order of the rule tables, and the retired features the page still marks up.
 */
export function evaluateRichResults(graph: ItemGraph, vocabulary: Vocabulary = schemaVocabulary()): { features: FeatureReport[]; retired: RetiredReport[] } {
  const nested = valueItems(graph);
  const index = itemsByType(vocabulary, graph.all);
  const byFeature = new Map<string, FeatureReport>();
  for (const rule of featureRules) {
    for (const item of candidates(index, rule.types, rule.except)) {
      if (!conditionHolds(item, rule.when)) continue;
      if (rule.topLevelOnly && nested.has(item)) continue;
      let report = byFeature.get(rule.feature);
      if (!report) {
        report = { feature: rule.feature, source: rule.source, items: 0, eligible: 0, errorCount: 0, warningCount: 0, errors: [], warnings: [], ...(rule.note && { note: rule.note }) };
        byFeature.set(rule.feature, report);
      }
      judge(rule, item, !nested.has(item), report);
    }
  }
  const retired = retiredFeatures
    .map((rule: RetiredRule) => ({
      feature: rule.feature,
      source: rule.source,
      items: candidates(index, rule.types).filter((item) => conditionHolds(item, rule.when)).map((item) => item.at),
    }))
    .filter((report) => report.items.length > 0);
  return { features: [...byFeature.values()], retired };
}

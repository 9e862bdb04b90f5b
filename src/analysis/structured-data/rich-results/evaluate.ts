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
function meets(item: Item, path: readonly string[]): boolean {
  const [first, ...rest] = path;
  if (first === "@type") return item.types.length > 0;
  const values = valuesOf(item, first!).filter(present);
  if (rest.length === 0) return values.length > 0;
  const items = values.flatMap((value) => (value.kind === "item" ? [value.item] : []));
  return items.length > 0 && items.every((child) => meets(child, rest));
}

const satisfied = (item: Item, requirement: Requirement) =>
  (typeof requirement === "string" ? [requirement] : requirement).some((path) => meets(item, path.split(".")));

const describe = (requirement: Requirement) =>
  typeof requirement === "string" ? `"${requirement}"` : `one of ${requirement.map((path) => `"${path}"`).join(", ")}`;

const comparable = (value: ItemValue): string[] =>
  value.kind === "item" ? value.item.types.map((t) => t.toLowerCase()) : value.kind === "ref" ? [] : [(schemaTerm(value.text) ?? value.text).trim().toLowerCase()];

function conditionHolds(item: Item, when: FeatureRule["when"]): boolean {
  if (!when) return true;
  const paths = typeof when.path === "string" ? [when.path] : when.path;
  return paths.some((path) => {
    if (path === "@type") return item.types.some((type) => when.values?.includes(type));
    const values = valuesOf(item, path).filter(present);
    if (!when.values) return values.length > 0;
    const wanted = new Set(when.values.map((v) => v.toLowerCase()));
    return values.some((value) => comparable(value).some((text) => wanted.has(text)));
  });
}

function isOfTypes(vocabulary: Vocabulary, item: Item, types: readonly string[], except: readonly string[] = []): boolean {
  const lineage = new Set(item.types.flatMap((type) => [...vocabulary.ancestors(type)]));
  return types.some((type) => lineage.has(type)) && !except.some((type) => lineage.has(type));
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

function judge(rule: FeatureRule, item: Item, standalone: boolean): { errors: Finding[]; warnings: Finding[] } {
  const missing = (list: readonly Requirement[], level: Finding["level"], kind: string): Finding[] =>
    list
      .filter((requirement) => !satisfied(item, requirement))
      .map((requirement) => ({
        level,
        at: item.at,
        message: `${rule.feature}: ${kind} ${describe(requirement)} is missing`,
        fix: `Add ${describe(requirement)} (${rule.source}).`,
      }));
  const required = standalone ? [...rule.required, ...(rule.requiredStandalone ?? [])] : rule.required;
  return { errors: missing(required, "error", "required"), warnings: missing(rule.recommended, "warning", "recommended") };
}

/**
 * Every item that is a candidate for a Google rich result, judged against its feature's rules: one report per
 * feature found, in the order of the rule tables, and the retired features the page still marks up.
 */
export function evaluateRichResults(graph: ItemGraph, vocabulary: Vocabulary = schemaVocabulary()): { features: FeatureReport[]; retired: RetiredReport[] } {
  const nested = valueItems(graph);
  const byFeature = new Map<string, FeatureReport>();
  for (const rule of featureRules) {
    for (const item of graph.all) {
      if (!isOfTypes(vocabulary, item, rule.types, rule.except) || !conditionHolds(item, rule.when)) continue;
      if (rule.topLevelOnly && nested.has(item)) continue;
      const report = byFeature.get(rule.feature) ?? { feature: rule.feature, source: rule.source, items: 0, eligible: 0, errors: [], warnings: [], ...(rule.note && { note: rule.note }) };
      byFeature.set(rule.feature, report);
      const { errors, warnings } = judge(rule, item, !nested.has(item));
      report.items++;
      if (errors.length === 0) report.eligible++;
      report.errors.push(...errors);
      report.warnings.push(...warnings);
    }
  }
  const retired = retiredFeatures
    .map((rule: RetiredRule) => ({
      feature: rule.feature,
      source: rule.source,
      items: graph.all.filter((item) => isOfTypes(vocabulary, item, rule.types) && conditionHolds(item, rule.when)).map((item) => item.at),
    }))
    .filter((report) => report.items.length > 0);
  return { features: [...byFeature.values()], retired };
}

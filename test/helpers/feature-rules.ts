import { expect } from "vitest";
import type { FeatureRule, RetiredRule } from "../../src/analysis/structured-data/rich-results/rule";
import { VOCABULARY } from "../../src/analysis/structured-data/vocabulary-data";
import { vocabularyFrom } from "../../src/analysis/structured-data/vocabulary";

const vocabulary = vocabularyFrom(VOCABULARY);
// Terms Google's feature pages document that schema.org does not define: the rules name them on purpose.
const googleOnly = new Set(["mathExpression-input", "OccupationAggregationByEmployer"]);
const known = (term: string, isTerm: (term: string) => boolean) => isTerm(term) || googleOnly.has(term);
const segments = (path: string) => path.split(".").filter((name) => !name.startsWith("@"));
const pathsOf = (requirements: readonly (string | readonly string[])[]) => requirements.flatMap((r) => (typeof r === "string" ? [r] : [...r]));

/**
 * A rule table names only terms of the pinned schema.org release: a misspelt type would find no item, a misspelt
 * property would fail every item, and neither would say so.
 */
export function expectRulesInVocabulary(rules: readonly (FeatureRule | RetiredRule)[]) {
  expect(rules.length).toBeGreaterThan(0);
  for (const rule of rules) {
    for (const type of [...rule.types, ...(("except" in rule && rule.except) || [])]) expect(known(type, vocabulary.isType), `${rule.feature}: type ${type}`).toBe(true);
    const when = rule.when ? (typeof rule.when.path === "string" ? [rule.when.path] : [...rule.when.path]) : [];
    const required = "required" in rule ? [...pathsOf(rule.required), ...pathsOf(rule.recommended), ...pathsOf(rule.requiredStandalone ?? [])] : [];
    for (const path of [...when, ...required]) {
      for (const name of segments(path)) expect(known(name, vocabulary.isProperty), `${rule.feature}: property ${name} of ${path}`).toBe(true);
    }
    expect(rule.source.length, rule.feature).toBeGreaterThan(10);
  }
}

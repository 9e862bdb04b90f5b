import { itemGraph } from "../structured-data/extract";
import { evaluateRichResults } from "../structured-data/rich-results/evaluate";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { MAX_LISTED, VOCABULARY_UNREAD } from "./misc-helpers";
import { pageVocabulary } from "../structured-data/vocabulary";

export const richResults: Check = {
  id: "rich_results",
  category: "seo",
  importance: "medium",
  title: "Every item that is a candidate for a Google rich result has the properties its feature requires",
  fix: "Add each missing required property named beside its item (Google's Search Central page for the feature lists them); recommended ones help too.",
  run(page) {
    const graph = itemGraph(page);
    if (graph.all.length === 0) return notApplicable("no structured data");
    const vocabulary = pageVocabulary(page);
    if (!vocabulary) return notApplicable(VOCABULARY_UNREAD);
    const { features, retired } = evaluateRichResults(graph, vocabulary);
    const value = {
      features,
      retired: retired.map((report) => ({ ...report, items: report.items.slice(0, MAX_LISTED), note: report.note ?? "Google no longer shows this rich result." })),
    };
    const ineligible = features.flatMap((report) => report.errors);
    return ineligible.length === 0 ? pass(value) : fail(value, { ineligible: ineligible.slice(0, MAX_LISTED) });
  },
};

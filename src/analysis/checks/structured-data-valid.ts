import { itemGraph } from "../structured-data/extract";
import { itemTree } from "../structured-data/tree";
import { validateGraph } from "../structured-data/validate";
import { pageVocabulary } from "../structured-data/vocabulary";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { MAX_LISTED, VOCABULARY_UNREAD } from "./misc-helpers";
import { findStructuredData } from "./structured-data";

export const structuredDataValid: Check = {
  id: "structured_data_valid",
  category: "miscellaneous",
  importance: "medium",
  title: "JSON-LD, Microdata and RDFa are valid schema.org: JSON-LD parses, every type exists (property and value problems are warnings)",
  fix: 'Give each JSON-LD block valid JSON, "@context": "https://schema.org" and an "@type"; use only types schema.org defines, and see each warning beside its item.',
  run(page) {
    if (Object.keys(findStructuredData(page)).length === 0) return notApplicable("no structured data");
    const graph = itemGraph(page);
    const vocabulary = graph.all.length > 0 ? pageVocabulary(page) : null;
    if (graph.all.length > 0 && !vocabulary) return notApplicable(VOCABULARY_UNREAD);
    // The vocabulary is parsed only for a page that has items to check against it.
    const findings = vocabulary ? validateGraph(graph, vocabulary) : [];
    const errors = [
      ...graph.problems.map((problem) => ({ level: "error" as const, at: problem.at, message: problem.message, fix: "Fix the block so it parses as JSON-LD with a schema.org @context and an @type." })),
      ...findings.filter((finding) => finding.level === "error"),
    ];
    const warnings = findings.filter((finding) => finding.level === "warning");
    const value = {
      // The release is named only when it was read.
      release: vocabulary?.release ?? null,
      items: graph.all.length,
      errors: errors.length,
      warnings: warnings.length,
      warnings_listed: warnings.slice(0, MAX_LISTED),
      tree: itemTree(graph.items),
    };
    return errors.length === 0 ? pass(value) : fail(value, { schema_org: errors.slice(0, MAX_LISTED) });
  },
};


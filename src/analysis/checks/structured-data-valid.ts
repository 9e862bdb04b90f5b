import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { isObject, jsonLdBlocks, jsonLdItems, jsonLdTypes, MAX_LISTED } from "./misc-helpers";
import { findStructuredData } from "./structured-data";

const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/i;

/** schema.org as a string, an object's @vocab, or one entry of a context list. */
function isSchemaOrgContext(context: unknown): boolean {
  if (typeof context === "string") return SCHEMA_ORG.test(context.trim());
  if (Array.isArray(context)) return context.some(isSchemaOrgContext);
  return isObject(context) && typeof context["@vocab"] === "string" && SCHEMA_ORG.test(context["@vocab"].trim());
}

interface Problem {
  /** 1-based, in document order of the <script> blocks. */
  block: number;
  item?: string;
  reason: string;
}

function itemProblem(item: unknown, context: unknown): string | null {
  if (!isObject(item)) return "not an object";
  if (context === undefined) return "no @context";
  if (!isSchemaOrgContext(context)) return "@context is not schema.org";
  if (jsonLdTypes(item).length === 0) return "no @type";
  return null;
}

export const structuredDataValid: Check = {
  id: "structured_data_valid",
  category: "miscellaneous",
  importance: "medium",
  title: "Every JSON-LD block parses and each item has a schema.org @context and an @type",
  fix: 'Make each JSON-LD block valid JSON with "@context": "https://schema.org" and an "@type" on every item.',
  run(page) {
    if (Object.keys(findStructuredData(page)).length === 0) return notApplicable("no structured data");
    const problems: Problem[] = [];
    let items = 0;
    jsonLdBlocks(page).forEach((block, index) => {
      if (!block.ok) {
        problems.push({ block: index + 1, reason: `not valid JSON: ${block.error}` });
        return;
      }
      for (const { path, item, context } of jsonLdItems(block.data)) {
        items++;
        const reason = itemProblem(item, context);
        if (reason) problems.push({ block: index + 1, item: path, reason });
      }
    });
    const value = { blocks: jsonLdBlocks(page).length, items };
    if (problems.length === 0) return pass(value);
    return fail(value, { invalid_json_ld: problems.slice(0, MAX_LISTED) });
  },
};

import { isPartialValue } from "../analysis/partial-read";
import type { Finding } from "../analysis/structured-data/finding";
import type { ItemNode } from "../analysis/structured-data/tree";
import type { Results } from "../analysis/types";

/** An item of the "Structured data" section: its node, the problems found at its location, its nested items. */
export interface ItemView {
  node: ItemNode;
  findings: Finding[];
  children: { property: string; item?: ItemView; ref?: string }[];
  /** Its nested items the stored tree left out (0 for reports stored before the tree counted them). */
  omitted: number;
}

export interface StructuredDataView {
  release: string | null;
  items: number;
  shown: number;
  trees: ItemView[];
  /** Problems whose location is no item shown (a block that does not parse, an item past the tree's cap). */
  elsewhere: Finding[];
}

const found = (value: unknown) => (isPartialValue(value) ? value.found : value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const findingsIn = (list: unknown): Finding[] => (Array.isArray(list) ? list.filter((f): f is Finding => isObject(f) && typeof f.at === "string" && typeof f.message === "string") : []);

/** Every finding of both structured-data checks as stored: schema.org errors and warnings, rich-result problems. */
function allFindings(results: Results): Finding[] {
  const valid = results.structured_data_valid;
  const rich = results.rich_results;
  const validValue = found(valid?.value);
  const richValue = found(rich?.value);
  const features = isObject(richValue) && Array.isArray(richValue.features) ? richValue.features.filter(isObject) : [];
  return [
    ...findingsIn(valid?.errors?.schema_org),
    ...(isObject(validValue) ? findingsIn(validValue.warnings_listed) : []),
    ...features.flatMap((feature) => [...findingsIn(feature.errors), ...findingsIn(feature.warnings)]),
  ];
}

/** The stored item trees with each finding placed beside its item, or null when the report has none to show. */
export function structuredDataView(results: Results): StructuredDataView | null {
  const value = found(results.structured_data_valid?.value);
  if (!isObject(value) || !Array.isArray(value.tree) || value.tree.length === 0) return null;
  const findings = allFindings(results);
  const placed = new Set<Finding>();
  let shown = 0;
  const view = (node: ItemNode): ItemView => {
    shown++;
    const own = findings.filter((finding) => finding.at === node.at);
    own.forEach((finding) => placed.add(finding));
    return {
      node,
      findings: own,
      children: node.children.map((child) => ({ property: child.property, ...(child.node && { item: view(child.node) }), ...(child.ref && { ref: child.ref }) })),
      omitted: typeof node.omitted === "number" ? node.omitted : 0,
    };
  };
  const trees = (value.tree as ItemNode[]).map(view);
  return {
    release: typeof value.release === "string" ? value.release : null,
    items: typeof value.items === "number" ? value.items : shown,
    shown,
    trees,
    elsewhere: findings.filter((finding) => !placed.has(finding)),
  };
}

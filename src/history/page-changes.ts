import type { Watched } from "../analysis/watched";
import { changeSeverities, type ChangeField, type ChangeSeverity } from "../db/schema";

/** One difference between two consecutive completed generations (docs/monitoring.md "Changes and alerts"). */
export interface PageChange {
  field: ChangeField;
  before: string | null;
  after: string | null;
  severity: ChangeSeverity;
}

/** 0 info, 1 warning, 2 critical: the order of changeSeverities. */
export const severityRank = (severity: ChangeSeverity) => changeSeverities.indexOf(severity);

/** Word counts that moved by more than this share of the earlier count are a change. */
const WORD_COUNT_MOVE = 0.2;

const is2xx = (status: number) => status >= 200 && status < 300;
const list = (items: string[]) => (items.length > 0 ? items.join(", ") : null);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const indexability = (w: Watched) => (w.indexable ? "indexable" : `not indexable: ${w.not_indexable_because ?? "noindex"}`);

/**
 * What changed from `before` to `after`, most serious first; none without an earlier record (the first generation).
 * Each difference is reported once, by its most telling field: robots directives that flip indexability are the
 * `indexable` change, the H1 is not also a `content` change (its text is not in the content hash).
 */
export function pageChanges(before: Watched | null | undefined, after: Watched): PageChange[] {
  if (!before) return [];
  const found: PageChange[] = [];
  const add = (field: ChangeField, from: string | number | null, to: string | number | null, severity: ChangeSeverity) =>
    found.push({ field, before: from === null ? null : String(from), after: to === null ? null : String(to), severity });

  if (before.status !== after.status) add("status_code", before.status, after.status, is2xx(before.status) !== is2xx(after.status) ? "critical" : "warning");
  if (before.final_url !== after.final_url) add("final_url", before.final_url, after.final_url, "critical");
  if (before.indexable !== after.indexable) add("indexable", indexability(before), indexability(after), "critical");
  else if (!sameList(before.robots, after.robots)) add("robots", list(before.robots), list(after.robots), "warning");
  if (before.canonical !== after.canonical) {
    const elsewhere = after.canonical !== null && after.canonical !== after.final_url;
    add("canonical", before.canonical, after.canonical, elsewhere ? "critical" : "warning");
  }
  if (before.title !== after.title) add("title", before.title, after.title, "warning");
  if (before.description !== after.description) add("meta_description", before.description, after.description, "warning");
  if (before.h1 !== after.h1) add("h1", before.h1, after.h1, "warning");
  if (!sameList(before.hreflang, after.hreflang)) add("hreflang", list(before.hreflang), list(after.hreflang), "warning");
  if (!sameList(before.types, after.types)) {
    const removed = before.types.some((type) => !after.types.includes(type));
    add("structured_data_types", list(before.types), list(after.types), removed ? "warning" : "info");
  }
  if (Math.abs(after.words - before.words) > before.words * WORD_COUNT_MOVE && after.words !== before.words) {
    add("word_count", before.words, after.words, "info");
  }
  if (before.text_hash !== after.text_hash) add("content", before.text_hash, after.text_hash, "info");
  return found.sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
}

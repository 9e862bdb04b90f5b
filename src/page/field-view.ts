import type { FieldRecord, Results } from "../analysis/types";

/** What the report page shows of field data: the record `core_web_vitals` judged, when it had one. */
export type FieldView = Pick<FieldRecord, "source" | "form_factor" | "collection_period" | "p75">;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The stored `core_web_vitals` value read back as a record; null when the check had none (no key, no data, an error). */
export function fieldView(results: Results): FieldView | null {
  const value = results.core_web_vitals?.value;
  if (!isObject(value) || !isObject(value.p75) || (value.source !== "url" && value.source !== "origin")) return null;
  const period = isObject(value.collection_period) && typeof value.collection_period.first === "string" && typeof value.collection_period.last === "string"
    ? { first: value.collection_period.first, last: value.collection_period.last }
    : null;
  const p75 = value.p75;
  return {
    source: value.source,
    form_factor: value.form_factor === "DESKTOP" ? "DESKTOP" : "PHONE",
    collection_period: period,
    p75: { lcp_ms: numberOrNull(p75.lcp_ms), inp_ms: numberOrNull(p75.inp_ms), cls: numberOrNull(p75.cls), fcp_ms: numberOrNull(p75.fcp_ms), ttfb_ms: numberOrNull(p75.ttfb_ms) },
  };
}

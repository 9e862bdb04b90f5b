import type { Device } from "../analysis/lab-device";
import type { FieldRecord, FormFactor } from "../analysis/types";

/**
 * The Chrome UX Report API's documented shapes (developer.chrome.com/docs/crux/api), read as plain data: the request
 * body of `records:queryRecord`, its record reduced to the 75th percentiles `core_web_vitals` reports, and the
 * wording of its errors. Pure: the request itself is crux-api.ts.
 */

/** CrUX publishes once a day: an answer is good for this long (docs/analysis.md "Field data"). */
export const CRUX_CACHE_MS = 24 * 60 * 60 * 1000;

/** A report's device is a CrUX form factor: mobile is PHONE (tablets are their own form factor, not asked for). */
export const formFactorOf = (device: Device): FormFactor => (device === "desktop" ? "DESKTOP" : "PHONE");

/** What is asked: one URL (as CrUX normalises it: no fragment) or one origin. */
export type CruxTarget = { url: string } | { origin: string };

export const targetKey = (target: CruxTarget) => ("url" in target ? `url:${target.url}` : `origin:${target.origin}`);

/** The request body, as documented: the identifier and the form factor (every metric comes back; a record is small). */
export const queryBody = (target: CruxTarget, formFactor: FormFactor) => ({ ...target, formFactor });

/** The URL's page as CrUX keys it: without fragment. */
export const cruxUrl = (url: string) => {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
};

const object = (value: unknown): Record<string, unknown> | null => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** A p75 as the API gives it: a number, or for CLS a decimal in a string ("0.05"); anything else is no data. */
function p75Of(metrics: Record<string, unknown> | null, ...names: string[]): number | null {
  for (const name of names) {
    const value = object(object(metrics?.[name])?.percentiles)?.p75;
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

/** `{year, month, day}` as YYYY-MM-DD. */
function day(value: unknown): string | null {
  const d = object(value);
  const [y, m, dd] = [d?.year, d?.month, d?.day];
  if (![y, m, dd].every((n) => typeof n === "number" && Number.isInteger(n))) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(dd).padStart(2, "0")}`;
}

/** The answer's record, reduced; null when the body is not a record at all. */
export function recordFrom(body: unknown, source: FieldRecord["source"], formFactor: FormFactor): FieldRecord | null {
  const record = object(object(body)?.record);
  if (!record) return null;
  const metrics = object(record.metrics);
  const period = object(record.collectionPeriod);
  const first = day(period?.firstDate);
  const last = day(period?.lastDate);
  const round = (n: number | null) => (n === null ? null : Math.round(n));
  return {
    source,
    form_factor: formFactor,
    collection_period: first && last ? { first, last } : null,
    p75: {
      lcp_ms: round(p75Of(metrics, "largest_contentful_paint")),
      inp_ms: round(p75Of(metrics, "interaction_to_next_paint")),
      cls: p75Of(metrics, "cumulative_layout_shift"),
      fcp_ms: round(p75Of(metrics, "first_contentful_paint")),
      // Still "experimental" in the API's name; the plain name is read too, for when it graduates.
      ttfb_ms: round(p75Of(metrics, "experimental_time_to_first_byte", "time_to_first_byte")),
    },
  };
}

/**
 * An error answer in words: Google's `{error: {code, message, status}}` (its message is about the request, never the
 * key's value), cut short; the status alone when the body is not that.
 */
export function errorWords(status: number, body: unknown): string {
  const error = object(object(body)?.error);
  const message = typeof error?.message === "string" ? error.message.slice(0, 200) : "";
  const kind = typeof error?.status === "string" ? ` ${error.status.slice(0, 40)}` : "";
  return `HTTP ${status}${kind}${message ? `: ${message}` : ""}`;
}

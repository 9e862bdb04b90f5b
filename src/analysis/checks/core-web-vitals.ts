import type { Check, FieldFacts, FieldRecord, Verdict } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { rate, thresholds, type Rating } from "./experience-helpers";

/** The three Core Web Vitals at the 75th percentile, each rated, or null where CrUX has too little data for it. */
export type FieldRatings = { lcp: Rating | null; inp: Rating | null; cls: Rating | null };

export type FieldAssessment =
  | { assessed: true; passed: boolean; ratings: FieldRatings; judgedOn: ("lcp" | "inp" | "cls")[] }
  | { assessed: false; ratings: FieldRatings; missing: ("lcp" | "cls")[] };

const rated = (value: number | null, limits: { good: number; poor: number }) => (value === null ? null : rate(value, limits));

/**
 * Google's Core Web Vitals assessment at the 75th percentile (PageSpeed Insights' "Core Web Vitals Assessment"):
 * passed when LCP, INP and CLS are all good; judged on LCP and CLS alone when INP has no data (a page few visitors
 * interact with). Without LCP or CLS there is no assessment.
 */
export function assessField(p75: FieldRecord["p75"]): FieldAssessment {
  const ratings: FieldRatings = { lcp: rated(p75.lcp_ms, thresholds.lcp), inp: rated(p75.inp_ms, thresholds.inp), cls: rated(p75.cls, thresholds.cls) };
  const missing = (["lcp", "cls"] as const).filter((metric) => ratings[metric] === null);
  if (missing.length > 0) return { assessed: false, ratings, missing };
  const judgedOn = (["lcp", "inp", "cls"] as const).filter((metric) => ratings[metric] !== null);
  return { assessed: true, passed: judgedOn.every((metric) => ratings[metric] === "good"), ratings, judgedOn };
}

const p75Of = { lcp: "lcp_ms", inp: "inp_ms", cls: "cls" } as const;

/** The verdict on field data, a page's or (for a crawl) its origin's: what `core_web_vitals` says of it. */
export function judgeField(field: FieldFacts | undefined): Verdict {
  if (!field) return notApplicable({ reason: "Field data was not asked for in this audit." });
  if (!field.ok) return notApplicable({ reason: field.message, field_data: field.reason });
  const { source, form_factor, collection_period, p75 } = field.record;
  const assessment = assessField(p75);
  const value = { source, form_factor, collection_period, p75, ratings: assessment.ratings };
  if (!assessment.assessed) {
    return notApplicable({ ...value, reason: `The Chrome UX Report has too little data for ${assessment.missing.map((m) => m.toUpperCase()).join(" and ")} of this ${source}.` });
  }
  if (assessment.passed) return pass({ ...value, judged_on: assessment.judgedOn });
  const failing = assessment.judgedOn.filter((metric) => assessment.ratings[metric] !== "good");
  const errors = Object.fromEntries(failing.map((metric) => [metric, { p75: p75[p75Of[metric]], max: thresholds[metric].good, rating: assessment.ratings[metric] }]));
  return fail({ ...value, judged_on: assessment.judgedOn }, { field_vitals: errors });
}

/**
 * What real Chrome users saw of the page, from the Chrome UX Report (docs/analysis.md "Field data"): the URL's record,
 * else its origin's, for the report's form factor. Applies with or without rendering; never fails for want of data.
 */
export const coreWebVitals: Check = {
  id: "core_web_vitals",
  category: "performance",
  importance: "high",
  title: "Real visitors get good Core Web Vitals (Chrome UX Report, 75th percentile)",
  fix: "Improve the metric that is not good for real visitors: LCP (the main content early), INP (short event handlers, less main-thread work) or CLS (room reserved for late content). Field data covers 28 days, so a fix shows over the following weeks.",
  readsDom: false,
  run: (page) => judgeField(page.field),
};

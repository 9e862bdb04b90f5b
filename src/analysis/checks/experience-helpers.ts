import type { LabMetrics, Page, Verdict } from "../types";
import { notApplicable } from "../verdict";

/** Google's ratings of a Core Web Vital (web.dev/articles/vitals): at most `good`, at most `poor`, or over it. */
export type Rating = "good" | "needs_improvement" | "poor";

export const rate = (value: number, thresholds: { good: number; poor: number }): Rating =>
  value <= thresholds.good ? "good" : value <= thresholds.poor ? "needs_improvement" : "poor";

/** Largest Contentful Paint (ms), Cumulative Layout Shift, Total Blocking Time (ms), Interaction to Next Paint (ms). */
export const thresholds = {
  lcp: { good: 2500, poor: 4000 },
  cls: { good: 0.1, poor: 0.25 },
  tbt: { good: 200, poor: 600 },
  inp: { good: 200, poor: 500 },
} as const;

/**
 * The rendered page's lab metrics, or the verdict of a page without them: not rendered ("needs render=1"), or a
 * measurement that could not be made (its reason).
 */
export function labMetrics(page: Page): { metrics: LabMetrics } | { verdict: Verdict } {
  const lab = page.rendering?.lab;
  if (!page.rendering) return { verdict: notApplicable({ reason: "Measured in the browser: needs render=1 (or --render)." }) };
  if (!lab) return { verdict: notApplicable({ reason: "This renderer does not measure the page." }) };
  if (!lab.ok) return { verdict: notApplicable({ reason: lab.message }) };
  return { metrics: lab.metrics };
}

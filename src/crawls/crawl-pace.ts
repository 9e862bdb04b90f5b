import type { ServerAnswer } from "../analysis/fetch-page";
import { retryAfterSeconds } from "../webhooks/retry-schedule";

/**
 * A crawl's pace, Googlebot's crawl-capacity model (docs/crawls.md, "Rate"): faster while the site answers fast and
 * healthy, one fetch at a time and then a growing interval while it answers slowly or says it is busy (429/503,
 * whose Retry-After is waited for), and back up gradually, one step per run of healthy answers. robots.txt's
 * Crawl-delay always wins: one fetch at a time, never closer than the delay.
 */

/** What the crawl row keeps of its pace. */
export interface Pace {
  /** Fetches at once, 1 to the crawl's rate. */
  currentRate: number;
  /** The interval between fetch starts of one slot: the polite floor, or more while the site struggles. */
  currentIntervalMs: number;
  /** Healthy answers in a row since the pace last changed. */
  healthyRun: number;
}

/** What bounds a crawl's pace. */
export interface PaceLimits {
  /** The rate the crawl asked for. */
  rate: number;
  /** CRAWL_INTERVAL_MS raised to Crawl-delay: the interval never goes below it. */
  intervalMs: number;
  /** robots.txt's Crawl-delay in ms; 0 when none. */
  crawlDelayMs: number;
  /** 1: every page renders in the crawl's one browser session, which loads one page at a time (docs/rendering.md). */
  render: number;
  /** CRAWL_SLOW_TTFB_MS. */
  slowTtfbMs: number;
}

/** What one page fetch showed of the site (the fetch layer reports it). */
export type SiteAnswer = ServerAnswer;

/** Healthy answers in a row that raise the pace one step. */
export const HEALTHY_RUN = 5;
/** The interval grows up to this while the site stays slow or busy (robots.txt's Crawl-delay is honoured up to 30 s too). */
export const MAX_INTERVAL_MS = 30_000;
/** The first step of a growing interval when the floor is 0 (CRAWL_INTERVAL_MS=0). */
export const MIN_GROWN_INTERVAL_MS = 100;
/** A Retry-After longer than this is waited for this long: the page's retries and the stall sweep need the crawl to move. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

const BUSY_STATUSES = new Set([429, 503]);

/** An answer that neither says the site is busy (429/503) nor came slower than CRAWL_SLOW_TTFB_MS. */
export const healthyAnswer = (answer: SiteAnswer, slowTtfbMs: number) => !BUSY_STATUSES.has(answer.status) && !(answer.ttfbMs > slowTtfbMs);

/** The pace a crawl starts at. */
export const startingPace = (limits: Pick<PaceLimits, "intervalMs">): Pace => ({ currentRate: 1, currentIntervalMs: limits.intervalMs, healthyRun: 0 });

/** The highest rate allowed now: Crawl-delay, or a rendered crawl, means one at a time. */
export const rateCeiling = (limits: Pick<PaceLimits, "rate" | "crawlDelayMs" | "render">) =>
  limits.crawlDelayMs > 0 || limits.render === 1 ? 1 : Math.max(1, limits.rate);

/**
 * The pace after one answer, and how long the crawl must wait before its next fetch starts (Retry-After; 0 when
 * nothing asks for a wait). Slow or busy: down to one fetch at a time, and once there the interval doubles.
 * Healthy: after HEALTHY_RUN in a row, the interval halves back towards its floor, then the rate rises by one.
 */
export function nextPace(pace: Pace, answer: SiteAnswer, limits: PaceLimits, now = Date.now()): { pace: Pace; waitMs: number } {
  const ceiling = rateCeiling(limits);
  const floor = limits.intervalMs;
  const interval = Math.max(floor, pace.currentIntervalMs);
  const busy = BUSY_STATUSES.has(answer.status);
  if (!healthyAnswer(answer, limits.slowTtfbMs)) {
    const askedSeconds = busy ? retryAfterSeconds(answer.retryAfter, now) : null;
    const waitMs = askedSeconds === null ? 0 : Math.min(MAX_RETRY_AFTER_MS, askedSeconds * 1000);
    // The first bad answer of a fast crawl takes it down to one fetch at a time; the interval grows only once there.
    const currentIntervalMs = pace.currentRate > 1 ? interval : Math.min(MAX_INTERVAL_MS, Math.max(floor, interval * 2, MIN_GROWN_INTERVAL_MS));
    return { pace: { currentRate: 1, currentIntervalMs: Math.max(floor, currentIntervalMs), healthyRun: 0 }, waitMs };
  }
  const healthyRun = pace.healthyRun + 1;
  if (healthyRun < HEALTHY_RUN) return { pace: { currentRate: Math.min(pace.currentRate, ceiling), currentIntervalMs: interval, healthyRun }, waitMs: 0 };
  if (interval > floor) {
    const halved = Math.floor(interval / 2);
    return { pace: { currentRate: 1, currentIntervalMs: halved < MIN_GROWN_INTERVAL_MS ? floor : Math.max(floor, halved), healthyRun: 0 }, waitMs: 0 };
  }
  return { pace: { currentRate: Math.min(ceiling, pace.currentRate + 1), currentIntervalMs: floor, healthyRun: 0 }, waitMs: 0 };
}

/** The gap between two fetch starts at this pace: the slots share the interval. */
export const startGapMs = (pace: Pick<Pace, "currentRate" | "currentIntervalMs">) => Math.floor(pace.currentIntervalMs / Math.max(1, pace.currentRate));

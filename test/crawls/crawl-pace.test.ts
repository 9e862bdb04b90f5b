import { describe, expect, it } from "vitest";
import { HEALTHY_RUN, MAX_INTERVAL_MS, MAX_RETRY_AFTER_MS, nextPace, startGapMs, startingPace, type Pace, type PaceLimits, type SiteAnswer } from "../../src/crawls/crawl-pace";

const limits: PaceLimits = { rate: 4, intervalMs: 1000, crawlDelayMs: 0, render: 0, slowTtfbMs: 1000 };
const fast: SiteAnswer = { status: 200, ttfbMs: 50, retryAfter: null };
const slow: SiteAnswer = { status: 200, ttfbMs: 1500, retryAfter: null };

/** The pace after these answers, one after another. */
const after = (answers: SiteAnswer[], from: Pace = startingPace(limits), bounds = limits) =>
  answers.reduce((pace, answer) => nextPace(pace, answer, bounds).pace, from);
const times = (n: number, answer: SiteAnswer) => Array.from({ length: n }, () => answer);

describe("a crawl's pace (crawl-pace.ts)", () => {
  it("starts at one fetch at a time and rises by one per run of healthy answers, up to the rate", () => {
    expect(startingPace(limits)).toEqual({ currentRate: 1, currentIntervalMs: 1000, healthyRun: 0 });
    expect(after(times(HEALTHY_RUN - 1, fast))).toMatchObject({ currentRate: 1, healthyRun: HEALTHY_RUN - 1 });
    expect(after(times(HEALTHY_RUN, fast))).toMatchObject({ currentRate: 2, healthyRun: 0 });
    expect(after(times(HEALTHY_RUN * 10, fast))).toEqual({ currentRate: 4, currentIntervalMs: 1000, healthyRun: 0 });
    expect(startGapMs({ currentRate: 4, currentIntervalMs: 1000 })).toBe(250);
  });

  it("drops to one at a time on a slow answer, then doubles the interval while answers stay slow, up to 30 s", () => {
    const full: Pace = { currentRate: 4, currentIntervalMs: 1000, healthyRun: 3 };
    expect(after([slow], full)).toEqual({ currentRate: 1, currentIntervalMs: 1000, healthyRun: 0 });
    expect(after([slow, slow], full)).toMatchObject({ currentRate: 1, currentIntervalMs: 2000 });
    expect(after([slow, slow, slow], full)).toMatchObject({ currentIntervalMs: 4000 });
    expect(after(times(20, slow), full)).toMatchObject({ currentRate: 1, currentIntervalMs: MAX_INTERVAL_MS });
    // A floor of 0 (CRAWL_INTERVAL_MS=0) still grows.
    const noFloor = { ...limits, intervalMs: 0 };
    expect(after([slow, slow], { currentRate: 2, currentIntervalMs: 0, healthyRun: 0 }, noFloor)).toMatchObject({ currentIntervalMs: 100 });
    // Exactly the threshold is not slow.
    expect(after([{ ...slow, ttfbMs: 1000 }], full)).toMatchObject({ currentRate: 4, healthyRun: 4 });
  });

  it("recovers gradually: the interval halves back to its floor, then the rate climbs", () => {
    const struggling: Pace = { currentRate: 1, currentIntervalMs: 4000, healthyRun: 0 };
    expect(after(times(HEALTHY_RUN, fast), struggling)).toEqual({ currentRate: 1, currentIntervalMs: 2000, healthyRun: 0 });
    expect(after(times(HEALTHY_RUN * 2, fast), struggling)).toMatchObject({ currentRate: 1, currentIntervalMs: 1000 });
    expect(after(times(HEALTHY_RUN * 3, fast), struggling)).toMatchObject({ currentRate: 2, currentIntervalMs: 1000 });
    // One slow answer in a healthy run starts the run again.
    expect(after([...times(HEALTHY_RUN - 1, fast), slow, fast], struggling)).toMatchObject({ currentIntervalMs: 8000, healthyRun: 1 });
  });

  it("on 429 and 503 drops to one at a time and waits Retry-After (seconds or a date, capped)", () => {
    const full: Pace = { currentRate: 4, currentIntervalMs: 1000, healthyRun: 0 };
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(nextPace(full, { status: 503, ttfbMs: 5, retryAfter: "3" }, limits, now)).toEqual({ pace: { currentRate: 1, currentIntervalMs: 1000, healthyRun: 0 }, waitMs: 3000 });
    expect(nextPace(full, { status: 429, ttfbMs: 5, retryAfter: "Thu, 01 Jan 2026 00:00:10 GMT" }, limits, now).waitMs).toBe(10_000);
    expect(nextPace(full, { status: 503, ttfbMs: 5, retryAfter: "86400" }, limits, now).waitMs).toBe(MAX_RETRY_AFTER_MS);
    expect(nextPace(full, { status: 503, ttfbMs: 5, retryAfter: null }, limits, now).waitMs).toBe(0);
    // While errors continue the interval grows.
    expect(after([{ status: 503, ttfbMs: 5, retryAfter: null }, { status: 429, ttfbMs: 5, retryAfter: null }], full)).toMatchObject({ currentIntervalMs: 2000 });
    // Other statuses are answers like any other: a fast 404 is healthy for the server.
    expect(nextPace(full, { status: 404, ttfbMs: 5, retryAfter: "30" }, limits, now)).toEqual({ pace: { ...full, healthyRun: 1 }, waitMs: 0 });
  });

  it("keeps one fetch at a time and the Crawl-delay as the floor when robots.txt sets one", () => {
    const delayed = { ...limits, intervalMs: 5000, crawlDelayMs: 5000 };
    expect(after(times(HEALTHY_RUN * 10, fast), startingPace(delayed), delayed)).toEqual({ currentRate: 1, currentIntervalMs: 5000, healthyRun: 0 });
    // A pace stored above the ceiling comes down.
    expect(after([fast], { currentRate: 3, currentIntervalMs: 100, healthyRun: 0 }, delayed)).toMatchObject({ currentRate: 1, currentIntervalMs: 5000 });
  });

  it("keeps a rendered crawl at one page at a time: its one browser session loads one page at a time", () => {
    const rendered = { ...limits, render: 1 };
    expect(after(times(HEALTHY_RUN * 10, fast), startingPace(rendered), rendered)).toEqual({ currentRate: 1, currentIntervalMs: 1000, healthyRun: 0 });
  });
});

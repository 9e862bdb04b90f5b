import { describe, expect, it } from "vitest";
import { resultForScore, resultScoreRanges, scoreResults } from "../../src/analysis/score";
import type { Check, Importance, Verdict } from "../../src/analysis/types";
import { fail, notApplicable, pass } from "../../src/analysis/verdict";

let next = 0;
const check = (importance: Importance): Check => ({
  id: `check_${next++}`,
  category: "seo",
  importance,
  title: "test check",
  fix: "nothing",
  run: () => pass(null),
});
const entry = (importance: Importance, verdict: Verdict) => ({ check: check(importance), verdict });
const passed = (importance: Importance) => entry(importance, pass("ok"));
const failed = (importance: Importance) => entry(importance, fail("bad", { wrong: true }));

describe("scoreResults", () => {
  it("weighs high, medium and low checks 10, 5 and 1 points", () => {
    // earned 10 of 16
    expect(scoreResults([passed("high"), failed("medium"), failed("low")]).score).toBe(63);
    // earned 6 of 16
    expect(scoreResults([failed("high"), passed("medium"), passed("low")]).score).toBe(38);
    // earned 1 of 11
    expect(scoreResults([failed("high"), passed("low")]).score).toBe(9);
  });

  it("leaves checks that did not apply out of the total", () => {
    const scored = scoreResults([passed("high"), failed("low"), entry("high", notApplicable("no images")), entry("medium", notApplicable("http page"))]);
    expect(scored.score).toBe(91); // 10 of 11
    expect(scored.issues).toEqual({ high: 0, medium: 0, low: 1 });
  });

  it("counts failed checks by importance as issues", () => {
    const scored = scoreResults([failed("high"), failed("high"), failed("medium"), failed("low"), passed("low")]);
    expect(scored.issues).toEqual({ high: 2, medium: 1, low: 1 });
  });

  it("rounds to the nearest integer", () => {
    // 10 of 15 = 66.67 -> 67; 5 of 15 = 33.33 -> 33; 1 of 2 = 50 exactly
    expect(scoreResults([passed("high"), failed("medium")]).score).toBe(67);
    expect(scoreResults([failed("high"), passed("medium")]).score).toBe(33);
    expect(scoreResults([passed("low"), failed("low")]).score).toBe(50);
    // 199 of 200 = 99.5 -> 100 (half rounds up)
    const many = [...Array.from({ length: 19 }, () => passed("high")), passed("medium"), ...Array.from({ length: 4 }, () => passed("low")), failed("low")];
    expect(scoreResults(many).score).toBe(100);
  });

  it("scores 100 when every check passes or none applied", () => {
    expect(scoreResults([passed("high"), passed("low")]).score).toBe(100);
    expect(scoreResults([entry("high", notApplicable("n/a"))])).toMatchObject({ score: 100, result: "good" });
  });

  it("stores category, importance, passed, value, errors only for failures and applicable only when false", () => {
    const ok = passed("high");
    const bad = failed("low");
    const na = entry("medium", notApplicable("no robots.txt"));
    const { results } = scoreResults([ok, bad, na]);
    expect(results[ok.check.id]).toEqual({ category: "seo", importance: "high", passed: true, value: "ok" });
    expect(results[bad.check.id]).toEqual({ category: "seo", importance: "low", passed: false, value: "bad", errors: { wrong: true } });
    expect(results[na.check.id]).toEqual({ category: "seo", importance: "medium", passed: true, value: "no robots.txt", applicable: false });
  });
});

describe("resultForScore", () => {
  it.each([
    [100, "good"],
    [80, "good"],
    [79, "decent"],
    [50, "decent"],
    [49, "bad"],
    [0, "bad"],
  ])("labels %i as %s", (score, label) => {
    expect(resultForScore(score)).toBe(label);
  });

  it("agrees with resultScoreRanges on every score", () => {
    for (let score = 0; score <= 100; score++) {
      const [min, max] = resultScoreRanges[resultForScore(score)];
      expect(score >= min && score <= max, String(score)).toBe(true);
    }
    expect(resultScoreRanges).toEqual({ good: [80, 100], decent: [50, 79], bad: [0, 49] });
  });
});

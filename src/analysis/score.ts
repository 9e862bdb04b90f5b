import type { Check, Importance, Results, Verdict } from "./types";

export type ResultLabel = "good" | "decent" | "bad";

export const importancePoints: Record<Importance, number> = { high: 10, medium: 5, low: 1 };

/** Inclusive score ranges of each label; the reports list filter uses exactly these. */
export const resultScoreRanges: Record<ResultLabel, [number, number]> = { good: [80, 100], decent: [50, 79], bad: [0, 49] };

export function resultForScore(score: number): ResultLabel {
  if (score >= resultScoreRanges.good[0]) return "good";
  if (score >= resultScoreRanges.decent[0]) return "decent";
  return "bad";
}

/** Score, label, issue counts and stored results of one analysis (docs/api.md "Shapes"). */
export function scoreResults(verdicts: { check: Check; verdict: Verdict }[]) {
  const issues: Record<Importance, number> = { high: 0, medium: 0, low: 0 };
  const results: Results = {};
  let earned = 0;
  let possible = 0;
  for (const { check, verdict } of verdicts) {
    const { category, importance } = check;
    results[check.id] = {
      category,
      importance,
      passed: verdict.passed,
      value: verdict.value,
      ...(!verdict.passed && verdict.errors ? { errors: verdict.errors } : {}),
      ...(verdict.applicable === false ? { applicable: false as const } : {}),
    };
    if (verdict.applicable === false) continue;
    possible += importancePoints[importance];
    if (verdict.passed) earned += importancePoints[importance];
    else issues[importance] += 1;
  }
  // Nothing applied means nothing failed.
  const score = possible === 0 ? 100 : Math.round((100 * earned) / possible);
  return { score, result: resultForScore(score), issues, results };
}

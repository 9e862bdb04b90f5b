import { describe, expect, it } from "vitest";
import { ScoreGauge } from "../../../src/page/components/score-gauge";

const html = (score: number) => String(<ScoreGauge score={score} result="good" />);
const filledOf = (markup: string) => Number(/stroke-dasharray="([\d.]+) /.exec(markup)![1]);

describe("ScoreGauge", () => {
  it("names the score for a screen reader and fills the ring in proportion, with SVG attributes only", () => {
    const markup = html(75);
    expect(markup).toContain('aria-label="Score 75 out of 100"');
    expect(markup).toContain('class="stroke-good"');
    expect(markup).not.toContain("style=");
    const circumference = 2 * Math.PI * 52;
    expect(filledOf(markup)).toBeCloseTo(0.75 * circumference, 1);
  });

  it("keeps the ring within empty and full for scores out of range", () => {
    expect(filledOf(html(-5))).toBe(0);
    expect(filledOf(html(140))).toBeCloseTo(2 * Math.PI * 52, 1);
  });
});

import { describe, expect, it } from "vitest";
import { resultColours } from "../../src/page/palette";

function luminance(hex: string) {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("resultColours", () => {
  it.each(Object.entries(resultColours))("the %s badge colour passes WCAG AA for white text (4.5:1)", (_, colour) => {
    expect(contrast(colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

});

import { describe, expect, it } from "vitest";
import { largestContentfulPaint } from "../../../src/analysis/checks/largest-contentful-paint";
import { labMetrics, makePage, makeRenderedPage, measuredPage } from "../../helpers/page";

const hero = { selector: "body > main > img#hero", snippet: '<img id="hero" src="/hero.jpg">' };

describe("largest_contentful_paint check", () => {
  it("passes at 2,500 ms with its element and the rating in words", () => {
    const v = largestContentfulPaint.run(measuredPage(labMetrics({ lcp_ms: 2500, lcp_element: hero })));
    expect(v).toEqual({ passed: true, value: { ms: 2500, rating: "good", element: hero, device: "mobile" } });
  });

  it("fails past 2,500 ms: needs improvement up to 4,000, poor beyond", () => {
    const slow = largestContentfulPaint.run(measuredPage(labMetrics({ lcp_ms: 2501, lcp_element: hero })));
    expect(slow).toEqual({ passed: false, value: { ms: 2501, rating: "needs_improvement", element: hero, device: "mobile" }, errors: { slow_lcp: { ms: 2501, max_ms: 2500 } } });
    expect((largestContentfulPaint.run(measuredPage(labMetrics({ lcp_ms: 4000 }))).value as { rating: string }).rating).toBe("needs_improvement");
    expect((largestContentfulPaint.run(measuredPage(labMetrics({ lcp_ms: 4001 }))).value as { rating: string }).rating).toBe("poor");
  });

  it("does not apply without rendering, saying it needs render=1", () => {
    const v = largestContentfulPaint.run(makePage("<p>x</p>"));
    expect(v.applicable).toBe(false);
    expect((v.value as { reason: string }).reason).toMatch(/needs render=1/);
  });

  it("does not apply when the renderer did not measure, or the page painted nothing", () => {
    expect(largestContentfulPaint.run(makeRenderedPage("<p>x</p>", "<p>x</p>")).applicable).toBe(false);
    const failed = largestContentfulPaint.run(measuredPage("web-vitals is not available to this Worker (its ASSETS binding)."));
    expect(failed).toEqual({ passed: true, applicable: false, value: { reason: "web-vitals is not available to this Worker (its ASSETS binding)." } });
    expect(largestContentfulPaint.run(measuredPage(labMetrics({ lcp_ms: null, lcp_element: null }))).applicable).toBe(false);
  });
});

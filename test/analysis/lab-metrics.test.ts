import { describe, expect, it } from "vitest";
import { labMetricsFrom, totalBlockingTime } from "../../src/analysis/lab-metrics";

describe("lab metrics", () => {
  it("sums Total Blocking Time as Lighthouse: each task clipped to FCP..end, counted past 50 ms", () => {
    const tasks = [
      { start: 100, duration: 300 }, // ends before FCP: nothing
      { start: 900, duration: 200 }, // clipped to 1000..1100: 100 ms, 50 past
      { start: 1500, duration: 120 }, // 70 past
      { start: 2000, duration: 40 }, // short: nothing
      { start: 2900, duration: 500 }, // clipped to 2900..3000: 100 ms, 50 past
    ];
    expect(totalBlockingTime(tasks, 1000, 3000)).toBe(170);
  });

  it("keeps only the expected fields of what the page returned, as numbers and short strings", () => {
    const metrics = labMetricsFrom(
      {
        lcp: 2345.6,
        lcpElement: { selector: "body > img#hero", snippet: "<img id=hero>", extra: "x" },
        cls: 0.123456,
        fcp: 800,
        ttfb: -5,
        tasks: [{ start: 1000, duration: 300 }, { start: "x" }],
        shifts: [{ score: 0.1, at: 1200.4, elements: [{ selector: "p", snippet: "<p>" }, null] }],
        byType: { document: 1000, image: 5000, "bad type": 9 },
        requests: 3,
        domElements: 42,
        now: 5000,
      },
      "desktop",
    );
    expect(metrics).toEqual({
      device: "desktop",
      lcp_ms: 2346,
      lcp_element: { selector: "body > img#hero", snippet: "<img id=hero>" },
      cls: 0.1235,
      layout_shifts: [{ score: 0.1, at_ms: 1200, elements: [{ selector: "p", snippet: "<p>" }] }],
      fcp_ms: 800,
      ttfb_ms: null,
      tbt_ms: 250,
      long_tasks: 1,
      longest_task_ms: 300,
      bytes: 6000,
      bytes_by_type: { document: 1000, image: 5000 },
      requests: 3,
      dom_elements: 42,
    });
    expect(labMetricsFrom(null, "mobile")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { loadTime } from "../../../src/analysis/checks/load-time";
import { makePage } from "../../helpers/page";

describe("load_time check", () => {
  it("passes a page that arrived within 2 s and reports both timings", () => {
    const v = loadTime.run(makePage("<p>x</p>", { ttfbMs: 120, totalMs: 2000 }));
    expect(v).toEqual({ passed: true, value: { ttfb_ms: 120, total_ms: 2000 } });
  });

  it("fails a page slower than 2 s", () => {
    const v = loadTime.run(makePage("<p>x</p>", { ttfbMs: 1500, totalMs: 2001 }));
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ ttfb_ms: 1500, total_ms: 2001 });
    expect(v.errors).toEqual({ too_slow: { total_ms: 2001, max_ms: 2000 } });
  });

  it("uses the configured limit", () => {
    const v = loadTime.run(makePage("<p>x</p>", { totalMs: 800, settings: { maxLoadTimeMs: 500 } }));
    expect(v.errors).toEqual({ too_slow: { total_ms: 800, max_ms: 500 } });
  });
});

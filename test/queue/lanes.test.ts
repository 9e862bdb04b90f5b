import { describe, expect, it } from "vitest";
import { hostWaitSeconds, retryDelaySeconds } from "../../src/queue/lanes";

describe("the lanes' delays", () => {
  it("doubles the wait between attempts from the first, capped at five minutes", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelaySeconds(attempts, 2))).toEqual([2, 4, 8, 16, 32]);
    expect(retryDelaySeconds(1, 1.5)).toBe(2);
    expect(retryDelaySeconds(9, 2)).toBe(300);
    expect(retryDelaySeconds(30, 60)).toBe(300);
  });

  it("asks a crowded host again after 2 to 4 seconds, spread", () => {
    const waits = new Set(Array.from({ length: 200 }, hostWaitSeconds));
    expect([...waits].every((s) => s >= 2 && s <= 4 && Number.isInteger(s))).toBe(true);
    expect(waits.size).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from "vitest";
import { hostWaitSeconds } from "../../src/queue/lanes";

describe("the lanes' delays", () => {
  it("asks a crowded host again after 2 to 4 seconds, spread", () => {
    const waits = new Set(Array.from({ length: 200 }, hostWaitSeconds));
    expect([...waits].every((s) => s >= 2 && s <= 4 && Number.isInteger(s))).toBe(true);
    expect(waits.size).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from "vitest";
import { runLimited } from "../../src/queue/run-limited";

describe("runLimited", () => {
  it("runs every item, at most `limit` at once, starting them in order", async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      started.push(n);
      running++;
      peak = Math.max(peak, running);
      await new Promise((ok) => setTimeout(ok, 5 + (n % 3) * 5));
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(peak).toBe(4);
  });

  it("rejects as Promise.all would when work throws", async () => {
    await expect(runLimited([1, 2], 2, async (n) => {
      if (n === 2) throw new Error("boom");
    })).rejects.toThrow("boom");
  });
});

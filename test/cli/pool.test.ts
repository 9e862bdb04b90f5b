import { describe, expect, it } from "vitest";
import { mapConcurrently } from "../../src/cli/pool";

describe("mapConcurrently", () => {
  it("keeps the input order whatever order the calls end in, with at most `limit` in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const delays = [40, 5, 25, 1, 15, 30, 2];
    const results = await mapConcurrently(delays, 3, async (ms) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return ms * 2;
    });
    expect(results).toEqual(delays.map((ms) => ms * 2));
    expect(most).toBe(3);
  });

  it("maps nothing to nothing, and runs one at a time with a limit of 1", async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
    const order: number[] = [];
    await mapConcurrently([3, 1, 2], 1, async (n) => {
      await new Promise((resolve) => setTimeout(resolve, n * 5));
      order.push(n);
    });
    expect(order).toEqual([3, 1, 2]);
  });
});

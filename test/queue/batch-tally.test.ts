import { describe, expect, it } from "vitest";
import type { BodyBudgetCounts } from "../../src/analysis/body-budget";
import { createTally, noRequeues } from "../../src/queue/batch-tally";

describe("a batch's tally of requeues", () => {
  it("counts each host's requeues by reason", () => {
    const tally = createTally();
    tally.count("a.example", "waitedForHost");
    tally.count("a.example", "waitedForHost");
    tally.count("a.example", "sentToSlowLane");
    tally.count("b.example", "missedFirstDeadline");
    expect(tally.read().requeues).toEqual({
      "a.example": { ...noRequeues(), waitedForHost: 2, sentToSlowLane: 1 },
      "b.example": { ...noRequeues(), missedFirstDeadline: 1 },
    });
  });

  it("reads the byte budget only when one is given, and nothing when no message went back", () => {
    expect(createTally().read()).toEqual({ requeues: {} });
    const budget: BodyBudgetCounts = { limit: 10, held: 0, peakHeld: 4, waits: 1, overruns: 0 };
    expect(createTally().read(budget)).toEqual({ requeues: {}, bodyBudget: budget });
  });
});

import type { BodyBudgetCounts } from "../../src/analysis/body-budget";
import { noRequeues, type BatchTally, type RequeueCounts } from "../../src/queue/batch-tally";

/*
 * What the analysis batches of this test file's isolate did, as the test Worker's observer hears it
 * (test/worker.ts): requeues per host summed over batches, and the isolate's byte budget at the last batch's end.
 */
const requeues = new Map<string, RequeueCounts>();
let lastBodyBudget: BodyBudgetCounts | undefined;

export function recordTally(_queue: string, tally: BatchTally) {
  for (const [host, counts] of Object.entries(tally.requeues)) {
    const sum = requeueCounts(host);
    for (const why of Object.keys(counts) as (keyof RequeueCounts)[]) sum[why] += counts[why];
    requeues.set(host, sum);
  }
  lastBodyBudget = tally.bodyBudget ?? lastBodyBudget;
}

/** How many messages of the host went back to a queue so far, and why. */
export const requeueCounts = (host: string): RequeueCounts => ({ ...noRequeues(), ...requeues.get(host) });

/** The isolate's body budget counters (held, peak, waits, overruns) when the last batch ended. */
export const bodyBudgetCounts = () => lastBodyBudget;

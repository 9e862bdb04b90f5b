import type { BodyBudgetCounts } from "../analysis/body-budget";

/**
 * Why a message of a host went back to a queue instead of ending there: it waited for another invocation's slot,
 * missed the main lane's first deadline, or was sent to the slow lane without being tried.
 */
export type RequeueReason = "waitedForHost" | "missedFirstDeadline" | "sentToSlowLane";

export type RequeueCounts = Record<RequeueReason, number>;

/** What one analysis batch did, returned by its handler to whoever watches (tests, a soak): nothing kept in modules. */
export interface BatchTally {
  /** Per host, the messages that went back to a queue, and why. */
  requeues: Record<string, RequeueCounts>;
  /** The isolate's byte budget when the batch ended (held, peak, waits, overruns). */
  bodyBudget?: BodyBudgetCounts;
}

export const noRequeues = (): RequeueCounts => ({ waitedForHost: 0, missedFirstDeadline: 0, sentToSlowLane: 0 });

/** The batch's own count of requeues, read once at its end. */
export function createTally() {
  const requeues: Record<string, RequeueCounts> = {};
  return {
    count(host: string, why: RequeueReason) {
      (requeues[host] ??= noRequeues())[why]++;
    },
    read: (bodyBudget?: BodyBudgetCounts): BatchTally => ({ requeues, ...(bodyBudget && { bodyBudget }) }),
  };
}

export type Tally = ReturnType<typeof createTally>;

import type { Config } from "../config";
import type { Db } from "../db/client";
import { claimHostSlot, handOverHostSlot, releaseHostSlot, slowLaneHoldsHost, waitForHostSlot, type Lane } from "./host-slots";
import { createHostTurns } from "./host-turns";

/**
 * How long a delivery waits in the consumer for its host's slot before going back to the queue; in the main lane at
 * most the first deadline, so a batch still costs it about one first deadline at most.
 */
const HOST_WAIT_MS = 1000;

/** A host slot outlives its analysis's longest fetch plus the checks; past that its consumer is taken for dead. */
const HOST_SLOT_MARGIN_MS = 30_000;

/** A message's place at its host while its page is analysed; released once (toward the slow lane if it moved there). */
export interface HostSlot {
  release(toSlowLane: boolean): Promise<void>;
}

/** One invocation's per-host fairness (docs/operations.md "Per-host fairness"). */
export interface HostPolicy {
  /**
   * A message's turn at its host: first this invocation's line for the host, then one of the host's slots across all
   * consumers. "slow" when the main lane should not try the host now (the slow lane is working on it, or one of this
   * invocation's pages of it just missed the first deadline), "wait" when other invocations hold its slots.
   */
  take(reportId: number, host: string): Promise<HostSlot | "slow" | "wait">;
  /** One of the invocation's pages of the host missed the first deadline: its next ones go to the slow lane untried. */
  moved(host: string): void;
}

export type HostSettings = Pick<Config, "hostConcurrency" | "firstDeadlineMs"> & { analysis: Pick<Config["analysis"], "timeoutMs"> };

export function createHostPolicy(db: Db, lane: Lane, settings: HostSettings): HostPolicy {
  const cap = settings.hostConcurrency;
  const holdMs = settings.analysis.timeoutMs + HOST_SLOT_MARGIN_MS;
  const waitMs = lane === "main" ? Math.min(HOST_WAIT_MS, settings.firstDeadlineMs) : HOST_WAIT_MS;
  const turns = createHostTurns(cap);
  // In the main lane the invocation's own analyses of a host end (or move on) within a first deadline plus their
  // reading, so a turn comes well before the full deadline; a slow-lane analysis may hold its turn that long, so
  // there a message waits no longer than for another invocation's slot.
  const turnWaitMs = lane === "main" ? settings.analysis.timeoutMs : HOST_WAIT_MS;
  /** Hosts whose slots other invocations held past waitMs: this invocation's next messages of them do not wait. */
  const crowded = new Set<string>();
  /** Hosts that missed the first deadline in this invocation. */
  const movedHosts = new Set<string>();

  return {
    moved: (host) => void movedHosts.add(host),
    async take(reportId, host) {
      const turn = await turns.take(host, turnWaitMs);
      if (!turn) return "wait";
      const claim = { reportId, host, lane };
      // Once one of the invocation's analyses of the host missed the first deadline, its others do not try it.
      let claimed = !movedHosts.has(host) && (await claimHostSlot(db, claim, cap, holdMs));
      let slow = false;
      if (!claimed) {
        slow = lane === "main" && (movedHosts.has(host) || (await slowLaneHoldsHost(db, host)));
        // Only the first of the invocation's messages of a crowded host waits for another invocation's slot.
        if (!slow && !crowded.has(host)) {
          claimed = await waitForHostSlot(db, claim, cap, holdMs, waitMs);
          if (!claimed) crowded.add(host);
        }
      }
      if (!claimed) {
        turn.release();
        return slow ? "slow" : "wait";
      }
      return {
        release: async (toSlowLane) => {
          try {
            await (toSlowLane ? handOverHostSlot(db, reportId, holdMs) : releaseHostSlot(db, reportId));
          } finally {
            turn.release();
          }
        },
      };
    },
  };
}

import type { Config } from "../config";
import type { Db } from "../db/client";
import { claimHostSlot, hostOf, releaseHostSlot, waitForHostSlot, type Lane } from "./host-slots";
import { createHostTurns } from "./host-turns";
import { isSlowNow, markUrlSlow, pageAnswered, type Page } from "./slowness";

/**
 * How long a delivery waits in the consumer for its host's slot before going back to the queue; in the main lane at
 * most the first deadline, so a batch still costs it about one first deadline at most.
 */
const HOST_WAIT_MS = 1000;

/** A host slot outlives its analysis's longest fetch plus the checks; past that its consumer is taken for dead. */
const HOST_SLOT_MARGIN_MS = 30_000;

/**
 * What an analysis showed of its URL: "slow" when it missed the main lane's first deadline, or in the slow lane timed
 * out or took longer than the first deadline; "fast" otherwise.
 */
export type UrlVerdict = "fast" | "slow";

/**
 * A message's place at its host while its page is analysed; released once, with what the analysis showed of its URL
 * (nothing when it crashed or did not fetch).
 */
export interface HostSlot {
  release(verdict?: UrlVerdict): Promise<void>;
}

/** One invocation's per-host fairness and per-URL slowness (docs/operations.md "Per-host fairness"). */
export interface HostPolicy {
  /**
   * A message's turn at its URL's host: first this invocation's line for the host, then one of the host's slots in
   * this lane across all consumers. "slow" when the main lane should not try the URL now (it is remembered as slow,
   * or one of this invocation's reports of it just missed the first deadline), "wait" when other invocations hold the
   * host's slots of this lane.
   */
  take(reportId: number, url: string): Promise<HostSlot | "slow" | "wait">;
}

export type HostSettings = Pick<Config, "hostConcurrency" | "firstDeadlineMs"> & { analysis: Pick<Config["analysis"], "timeoutMs"> };

export function createHostPolicy(db: Db, lane: Lane, settings: HostSettings): HostPolicy {
  const cap = settings.hostConcurrency;
  const holdMs = settings.analysis.timeoutMs + HOST_SLOT_MARGIN_MS;
  // A slow URL is remembered as long as a slot outlives its analysis: longer than a retry's wait between two
  // slow-lane attempts (up to 16 s by default), and refreshed by each of them that is slow again.
  const slowForMs = holdMs;
  const waitMs = lane === "main" ? Math.min(HOST_WAIT_MS, settings.firstDeadlineMs) : HOST_WAIT_MS;
  const turns = createHostTurns(cap);
  // In the main lane the invocation's own analyses of a host end (or move on) within a first deadline plus their
  // reading, so a turn comes well before the full deadline; a slow-lane analysis may hold its turn that long, so
  // there a message waits no longer than for another invocation's slot.
  const turnWaitMs = lane === "main" ? settings.analysis.timeoutMs : HOST_WAIT_MS;
  /** Hosts whose slots other invocations held past waitMs: this invocation's next messages of them do not wait. */
  const crowded = new Set<string>();
  /** URLs that missed the first deadline in this invocation: its next reports of them go to the slow lane untried. */
  const movedUrls = new Set<string>();

  /** The slot freed, with what the analysis showed of its page: one batch, so there is no moment it looks fast. */
  const afterAnalysis = (reportId: number, page: Page, verdict?: UrlVerdict) => {
    const free = releaseHostSlot(db, reportId);
    if (verdict === "slow") return db.batch([markUrlSlow(db, page, slowForMs), free]);
    if (verdict === "fast") return db.batch([...pageAnswered(db, page), free]);
    return free;
  };

  return {
    async take(reportId, url) {
      const host = hostOf(url);
      const turn = await turns.take(host, turnWaitMs);
      if (!turn) return "wait";
      const claim = { reportId, url, host, lane };
      const movedHere = lane === "main" && movedUrls.has(url);
      let claimed = !movedHere && (await claimHostSlot(db, claim, cap, holdMs));
      let slow = false;
      if (!claimed) {
        slow = lane === "main" && (movedHere || (await isSlowNow(db, { url, host })));
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
        release: async (verdict) => {
          // Before the turn passes on: the invocation's next report of the URL must know it is slow now, and so must
          // every other consumer (the URL is remembered in the same batch that frees the slot: no gap in which it
          // looks fast).
          if (verdict === "slow" && lane === "main") movedUrls.add(url);
          try {
            await afterAnalysis(reportId, { url, host }, verdict);
          } finally {
            turn.release();
          }
        },
      };
    },
  };
}

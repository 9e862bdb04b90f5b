import type { Config } from "../config";
import { runBatch, type Statement } from "../db/batch";
import type { Db } from "../db/client";
import { claimProbe, probeEnded, probeState } from "./host-probe";
import { markWaiting } from "./host-share";
import { claimHostSlot, claimsOnlyIfNotSlow, hostOf, pollFor, releaseHostSlot, waitForHostSlot, type HostClaim, type Lane } from "./host-slots";
import { createHostTurns } from "./host-turns";
import { ANSWER_WRITE_EVERY_MS, hostAnswered, markUrlSlow, urlAnswered } from "./slowness";

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
  /**
   * The same release as statements for the caller's batch (the generation's end: one round trip fewer); `done()` once
   * that batch ran, or `release()` instead if it failed. The host's turn passes on only then.
   */
  releasing(verdict?: UrlVerdict): HeldRelease;
}

/** A host slot's release riding in another batch (HostSlot.releasing). */
export interface HeldRelease {
  statements: Statement[];
  done(): void;
  release(): Promise<void>;
}

/** One invocation's per-host fairness and per-URL slowness (docs/operations.md "Per-host fairness"). */
export interface HostPolicy {
  /**
   * A message's turn at its URL's host: first this invocation's line for the host, then one of the host's slots in
   * this lane across all consumers, within its account's share of them. "slow" when the main lane should not try the
   * URL now (it, or its path, is remembered as slow, one of this invocation's reports of it just missed the first
   * deadline, or its host is slow as a whole and its probe is not for this page), "wait" when other invocations hold
   * the host's slots of this lane, or its probe.
   */
  take(reportId: number, url: string, accountId: number): Promise<HostSlot | "slow" | "wait">;
}

export type HostSettings = Pick<Config, "hostConcurrency" | "firstDeadlineMs"> & { analysis: Pick<Config["analysis"], "timeoutMs"> };

/**
 * When this isolate last ran a batch with a host's answer in time, across its invocations of either lane: for
 * ANSWER_WRITE_EVERY_MS after, the next fast pages of the host leave the statement out, one statement a page fewer.
 * The statement only writes an answer older than ANSWER_WRITE_EVERY_MS, so the row is left at most twice that old
 * (another isolate's write may have just beaten this one's), far within the ANSWERED_LATELY_MS it vouches for.
 * Emptied past ANSWERS_REMEMBERED hosts, so a long-lived isolate that saw many hosts holds no more than that.
 */
const answersWritten = new Map<string, number>();
const ANSWERS_REMEMBERED = 1_000;
const answerWrittenLately = (host: string) => Date.now() - (answersWritten.get(host) ?? -Infinity) < ANSWER_WRITE_EVERY_MS;
const answerWritten = (host: string) => {
  if (answersWritten.size >= ANSWERS_REMEMBERED) answersWritten.clear();
  answersWritten.set(host, Date.now());
};

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
  // there a message waits no longer than for another invocation's slot, unless its account runs less than its share
  // of the line: then the next turn freed is its, and it waits for it (host-turns.ts).
  const turnWait = {
    maxWaitMs: lane === "main" ? settings.analysis.timeoutMs : HOST_WAIT_MS,
    withinShareMs: settings.analysis.timeoutMs + HOST_WAIT_MS,
  };
  /** Hosts whose slots other invocations held past waitMs: this invocation's next messages of them do not wait. */
  const crowded = new Set<string>();
  /** URLs that missed the first deadline in this invocation: its next reports of them go to the slow lane untried. */
  const movedUrls = new Set<string>();
  /** Accounts this invocation already marked as waiting for a host: once per invocation is enough (it lasts 10 s). */
  const waitingMarked = new Set<string>();

  /**
   * The slot freed, with what the analysis showed of its page (and, for a probe, of its host): one batch, so there is
   * no moment it looks fast.
   */
  const afterAnalysis = (claim: HostClaim, verdict: UrlVerdict | undefined, writesAnswer: boolean): Statement[] => {
    const page = { url: claim.url, host: claim.host };
    const free = releaseHostSlot(db, claim.reportId);
    const probe = claim.probe ? [probeEnded(db, claim.reportId, claim.host, verdict === "slow")] : [];
    if (verdict === "slow") return [free, markUrlSlow(db, page, slowForMs), ...probe];
    // A main-lane slot is claimed only for a URL not remembered as slow (claimsOnlyIfNotSlow), so its fast answer has
    // nothing to forget: one statement a page fewer. (A mark another consumer's slow attempt of the URL wrote meanwhile
    // then stands for its time, as it would have had that attempt ended last.) A probe, or the slow lane, forgets it.
    const forgets = !claimsOnlyIfNotSlow(claim);
    if (verdict === "fast") return [free, ...(forgets ? [urlAnswered(db, page)] : []), ...(writesAnswer ? [hostAnswered(db, page.host)] : []), ...probe];
    return [free, ...probe];
  };

  /**
   * While its host is slow as a whole, a page tries for the host's probe, or waits for the running probe's answer: a
   * slot once it vouched for the host, the slow lane once it missed. A probe answers within its first deadline and
   * its reading, so the wait costs the batch little more than the probe's own first deadline; a page still without
   * an answer then waits in the queue.
   */
  const probeOrWait = async (claim: HostClaim): Promise<HostClaim | "slow" | "wait"> => {
    const got = await pollFor(async () => {
      const state = await probeState(db, claim);
      if (state === "slow") return "slow" as const;
      if (state === "open") return (await claimHostSlot(db, claim, cap, holdMs)) && claim;
      if (!(await claimProbe(db, claim.reportId, claim, settings.firstDeadlineMs))) return false;
      const probe = { ...claim, probe: true };
      if (await claimHostSlot(db, probe, cap, holdMs)) return probe;
      // The host's slots are all taken (its last pages are still missing): the probe is for the next page.
      await probeEnded(db, claim.reportId, claim.host, false);
      return false;
    }, settings.firstDeadlineMs + HOST_WAIT_MS);
    return got || "wait";
  };

  /**
   * The claim's account waits for the host's slots of this lane (its share counts it, in every consumer): written once
   * per invocation, account and host, as a wait lasts longer than the invocation.
   */
  const waitsForHost = async (claim: Omit<HostClaim, "reportId" | "url">) => {
    const waiter = `${claim.accountId} ${claim.host}`;
    if (waitingMarked.has(waiter)) return;
    waitingMarked.add(waiter);
    await markWaiting(db, claim);
  };

  /** A slot of the host for the claim (marked as its probe, if it is one), or where its message goes instead. */
  const claimTurn = async (claim: HostClaim): Promise<HostClaim | "slow" | "wait"> => {
    if (lane === "main" && movedUrls.has(claim.url)) return "slow";
    if (await claimHostSlot(db, claim, cap, holdMs)) return claim;
    const state = lane === "main" ? await probeState(db, claim) : "open";
    if (state === "slow") return "slow";
    if (state === "probe") return await probeOrWait(claim);
    // Only the host's slots are taken: the account waits for them (its share counts it). Only the first of the
    // invocation's messages of a crowded host waits for another invocation's slot.
    await waitsForHost(claim);
    if (crowded.has(claim.host)) return "wait";
    if (await waitForHostSlot(db, claim, cap, holdMs, waitMs)) return claim;
    crowded.add(claim.host);
    return "wait";
  };

  return {
    async take(reportId, url, accountId) {
      const host = hostOf(url);
      const turn = await turns.take(host, accountId, turnWait);
      // This invocation's own analyses of the host held every turn the account may take: it waits for the host, in
      // the queue, and counts as waiting for its slots.
      if (!turn) return await waitsForHost({ accountId, host, lane }).then(() => "wait" as const);
      const claimed = await claimTurn({ reportId, accountId, url, host, lane }).catch((error: unknown) => {
        turn.release();
        throw error;
      });
      if (typeof claimed === "string") {
        turn.release();
        return claimed;
      }
      // Before the turn passes on: the invocation's next report of the URL must know it is slow now, and so must
      // every other consumer (the URL is remembered in the same batch that frees the slot: no gap in which it looks
      // fast).
      const releasing = (verdict?: UrlVerdict): HeldRelease => {
        if (verdict === "slow" && lane === "main") movedUrls.add(url);
        const writesAnswer = verdict === "fast" && !answerWrittenLately(host);
        const statements = afterAnalysis(claimed, verdict, writesAnswer);
        const ran = () => void (writesAnswer && answerWritten(host));
        return {
          statements,
          done: () => {
            ran();
            turn.release();
          },
          release: async () => {
            try {
              await runBatch(db, statements);
              ran();
            } finally {
              turn.release();
            }
          },
        };
      };
      return { releasing, release: (verdict) => releasing(verdict).release() };
    },
  };
}

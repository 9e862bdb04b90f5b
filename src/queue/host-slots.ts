import { eq, sql } from "drizzle-orm";
import { dbNowMs } from "../db/clock";
import { analysisHostSlots } from "../db/schema";
import type { Db } from "../db/client";
import { withinShare } from "./host-share";
import { slowNow } from "./slowness";

export type Lane = (typeof analysisHostSlots.$inferSelect)["lane"];

/**
 * Who asks for a slot: the report, its account, its page's URL and host, and the lane whose analysis will hold it;
 * `probe` when it holds its host's probe (src/queue/host-probe.ts), which lets the main lane try a host slow as a whole.
 */
export interface HostClaim {
  reportId: number;
  accountId: number;
  url: string;
  host: string;
  lane: Lane;
  probe?: boolean;
}

/**
 * Per-host fairness, the courtesy a crawl gives its site (src/crawls/fetch-slot.ts) applied to every analysis: at
 * most `cap` analyses of one host run at once in each lane across the queue's consumers, whatever account queued
 * them, so at most 2 x `cap` in all. Each lane counts only its own slots: a site's hanging pages in the slow lane
 * never use up the main lane's share of it. The slots are shared between the accounts waiting for the host
 * (src/queue/host-share.ts). The claim is one conditional INSERT on the database's clock, so two consumers never both
 * take the last slot; a slot is released when its analysis ends and expires after `holdMs` if its consumer died.
 */
export async function claimHostSlot(db: Db, claim: HostClaim, cap: number, holdMs: number): Promise<boolean> {
  const { reportId, accountId, url, host, lane } = claim;
  const notSlowNow = claimsOnlyIfNotSlow(claim) ? sql`AND NOT ${slowNow({ url, host })}` : sql``;
  const claimed = await db.all<{ reportId: number }>(sql`
    INSERT INTO ${analysisHostSlots} (report_id, host, lane, expires_at, account_id)
    SELECT ${reportId}, ${host}, ${lane}, ${dbNowMs} + ${holdMs}, ${accountId}
    WHERE (SELECT count(*) FROM ${analysisHostSlots}
           WHERE host = ${host} AND lane = ${lane} AND expires_at > ${dbNowMs} AND report_id != ${reportId}) < ${cap}
    AND ${withinShare(claim, cap)}
    ${notSlowNow}
    ON CONFLICT (report_id) DO UPDATE
      SET host = excluded.host, lane = excluded.lane, expires_at = excluded.expires_at, account_id = excluded.account_id
    RETURNING report_id AS reportId`);
  return claimed.length > 0;
}

/**
 * The main lane takes no slot for a page that is slow right now: trying it would cost the main lane's batch a first
 * deadline for nothing (the caller sends the page to the slow lane), unless it holds its host's probe. So such a
 * claim's URL was not remembered as slow when it was taken (the host policy's release leans on it).
 */
export const claimsOnlyIfNotSlow = (claim: Pick<HostClaim, "lane" | "probe">) => claim.lane === "main" && !claim.probe;

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims a slot, looking again every 100 ms up to `maxWaitMs`: a fast host's slots free within a fraction of a second,
 * so its pages need not go back to the queue; a slow host's stay taken, and its message goes back with a delay.
 */
export const waitForHostSlot = (db: Db, claim: HostClaim, cap: number, holdMs: number, maxWaitMs: number): Promise<boolean> =>
  pollFor(() => claimHostSlot(db, claim, cap, holdMs), maxWaitMs).then(Boolean);

/** `attempt` again every 100 ms up to `maxWaitMs`, until it gives something. */
export async function pollFor<T>(attempt: () => Promise<T | false>, maxWaitMs: number): Promise<T | false> {
  const giveUpAt = Date.now() + maxWaitMs;
  for (;;) {
    const got = await attempt();
    if (got !== false) return got;
    if (Date.now() + POLL_MS > giveUpAt) return false;
    // A little jitter, so pages waiting for the same host do not all look at once.
    await sleep(POLL_MS + Math.random() * 20);
  }
}

/** The analysis ended (or moved on): its slot is free for the next one of the host. */
export const releaseHostSlot = (db: Db, reportId: number) => db.delete(analysisHostSlots).where(eq(analysisHostSlots.reportId, reportId));

/** Slots whose consumer died stay as rows until a cron tick removes them (they stopped counting when they expired). */
export const dropExpiredHostSlots = (db: Db) => db.delete(analysisHostSlots).where(sql`${analysisHostSlots.expiresAt} <= ${dbNowMs}`);

/** The host an analysis counts against: the name, without the port (one site, whatever port it serves on). */
export const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).hostname : url);

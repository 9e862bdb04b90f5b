import { and, eq, sql } from "drizzle-orm";
import { dbNowMs } from "../db/clock";
import type { Db } from "../db/client";
import { analysisHostProbes } from "../db/schema";
import { hostSlowAsWhole, pageSlow, slowUrlsOfPath, type Page } from "./slowness";

/*
 * The half-open state of a circuit breaker, per host (docs/operations.md "No site waits for its first answer"). A host
 * that is slow as a whole (a slow URL, and nothing answered in time lately) sends its pages to the slow lane, but one
 * of them at a time is still tried in the main lane: the probe. The first that answers in time vouches for the host
 * (it has answered lately, src/queue/slowness.ts), and its other pages come back to the main lane. Without the probe a
 * site seen for the first time, with one hanging URL, never answers in time: nothing of it is tried where it could.
 * One probe per host at a time across every consumer (a conditional upsert on the database's clock); a probe that
 * misses keeps the next one away for PROBE_COOLDOWN_MS, so a site that is down costs the main lane one first deadline
 * per cooldown, and a probe whose consumer died stops counting after its first deadline and a margin.
 */

/** After a probe missed the first deadline, the host's pages go straight to the slow lane this long. */
export const PROBE_COOLDOWN_MS = 5_000;
/** A probe's hold past its first deadline (its reading and checks); past that another may start. */
const PROBE_MARGIN_MS = 5_000;

/**
 * What the main lane does with a page its host's slots refused: "slow" sends it to the slow lane (its URL or path is
 * slow, or its host is slow as a whole and is not to be probed now), "probe" when the host is slow as a whole and its
 * probe is free or running (the page tries for it, or waits for its answer), "open" when only the host's slots are
 * taken.
 */
export type ProbeState = "slow" | "probe" | "open";

export async function probeState(db: Db, page: Page): Promise<ProbeState> {
  const [row] = await db.all<{ slow: number; hostSlow: number; pathSlowUrls: number; probe: number | null }>(sql`SELECT
    ${pageSlow(page)} AS slow,
    ${hostSlowAsWhole(page.host)} AS hostSlow,
    ${slowUrlsOfPath(page.url)} AS pathSlowUrls,
    (SELECT report_id IS NOT NULL FROM ${analysisHostProbes} WHERE host = ${page.host} AND until > ${dbNowMs}) AS probe`);
  if (!row || row.slow) return "slow";
  if (!row.hostSlow) return "open";
  // A URL of a path that already hangs would only show that again: the probe is for the site's other pages. And after
  // a missed probe the host rests for the cooldown.
  if (row.pathSlowUrls > 0 || row.probe === 0) return "slow";
  return "probe";
}

/**
 * The host's probe for the page, if the host is still slow as a whole, the page's URL and path have nothing slow, and
 * no other probe of the host runs or rests: one statement, so two consumers never both take it.
 */
export async function claimProbe(db: Db, reportId: number, page: Page, firstDeadlineMs: number): Promise<boolean> {
  const claimed = await db.all(sql`
    INSERT INTO ${analysisHostProbes} (host, report_id, until)
    SELECT ${page.host}, ${reportId}, ${dbNowMs} + ${firstDeadlineMs + PROBE_MARGIN_MS}
    WHERE ${hostSlowAsWhole(page.host)} AND NOT ${pageSlow(page)} AND ${slowUrlsOfPath(page.url)} = 0
    ON CONFLICT (host) DO UPDATE SET report_id = excluded.report_id, until = excluded.until
      WHERE ${analysisHostProbes.until} <= ${dbNowMs}
    RETURNING host`);
  return claimed.length > 0;
}

/**
 * The probe ended: when it missed, the host rests for the cooldown; otherwise (it answered, which vouches for the
 * host, or it did not fetch) the next page may probe at once.
 */
export const probeEnded = (db: Db, reportId: number, host: string, missed: boolean) => {
  const ours = and(eq(analysisHostProbes.host, host), eq(analysisHostProbes.reportId, reportId));
  return missed
    ? db.update(analysisHostProbes).set({ reportId: null, until: sql`${dbNowMs} + ${PROBE_COOLDOWN_MS}` }).where(ours)
    : db.delete(analysisHostProbes).where(ours);
};

/** Probes and rests that ended stay as rows until a cron tick removes them. */
export const dropEndedProbes = (db: Db) => db.delete(analysisHostProbes).where(sql`${analysisHostProbes.until} <= ${dbNowMs}`);

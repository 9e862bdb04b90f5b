import { eq, sql } from "drizzle-orm";
import { dbNowMs } from "../db/clock";
import type { Db } from "../db/client";
import { analysisHostAnswers, analysisSlowUrls } from "../db/schema";

/*
 * Which pages are slow right now, across every consumer (docs/operations.md "A URL that is slow right now").
 * Slowness belongs to a URL, not to its host: a slow search page or a broken PDF endpoint is common on a healthy
 * site, and a shared host serves thousands of accounts. A URL is remembered for a while after it missed the main
 * lane's first deadline or was slow again in the slow lane (so the main lane spends no first deadline on it, between
 * a hanging page's attempts included); an answer in time forgets it. Only a host that has a slow URL and has answered
 * nothing in time lately (a site that is down or hangs as a whole) is slow as a whole, so its other pages do not each
 * pay the main lane a first deadline to show it.
 */

/** How long a host's last answer in time vouches for its other pages. */
const ANSWERED_LATELY_MS = 30_000;
/** A host's answers are written at most this often: one row write per busy host every few seconds, not per page. */
const ANSWER_WRITE_EVERY_MS = 5_000;

/** The page, and the site it counts against. */
export interface Page {
  url: string;
  host: string;
}

/** The page was slow just now: its URL remembered (again) for `forMs`. */
export const markUrlSlow = (db: Db, page: Page, forMs: number) =>
  db
    .insert(analysisSlowUrls)
    .values({ ...page, slowUntil: sql`${dbNowMs} + ${forMs}` })
    .onConflictDoUpdate({ target: analysisSlowUrls.url, set: { slowUntil: sql`${dbNowMs} + ${forMs}` } });

/** The page answered in time: its URL is forgotten, and its host has answered lately. */
export const pageAnswered = (db: Db, page: Page) => [
  db.delete(analysisSlowUrls).where(eq(analysisSlowUrls.url, page.url)),
  db
    .insert(analysisHostAnswers)
    .values({ host: page.host, answeredAt: dbNowMs })
    .onConflictDoUpdate({
      target: analysisHostAnswers.host,
      set: { answeredAt: dbNowMs },
      setWhere: sql`${analysisHostAnswers.answeredAt} < ${dbNowMs} - ${ANSWER_WRITE_EVERY_MS}`,
    }),
] as const;

/** The condition "the main lane should not try this page now", for a claim's WHERE or a read. */
export const slowNow = ({ url, host }: Page) => sql`(
  EXISTS (SELECT 1 FROM ${analysisSlowUrls} WHERE url = ${url} AND slow_until > ${dbNowMs})
  OR (EXISTS (SELECT 1 FROM ${analysisSlowUrls} WHERE host = ${host} AND slow_until > ${dbNowMs})
      AND NOT EXISTS (SELECT 1 FROM ${analysisHostAnswers} WHERE host = ${host} AND answered_at > ${dbNowMs} - ${ANSWERED_LATELY_MS})))`;

/** Whether the main lane should send the page to the slow lane untried. */
export async function isSlowNow(db: Db, page: Page): Promise<boolean> {
  const row = await db.all(sql`SELECT 1 WHERE ${slowNow(page)}`);
  return row.length > 0;
}

/** Rows that stopped counting stay until a cron tick removes them. */
export const dropExpiredSlowness = (db: Db) =>
  db.batch([
    db.delete(analysisSlowUrls).where(sql`${analysisSlowUrls.slowUntil} <= ${dbNowMs}`),
    db.delete(analysisHostAnswers).where(sql`${analysisHostAnswers.answeredAt} <= ${dbNowMs} - ${ANSWERED_LATELY_MS}`),
  ]);

import { eq, sql } from "drizzle-orm";
import { dbNowMs } from "../db/clock";
import type { Db } from "../db/client";
import { analysisHostAnswers, analysisSlowUrls } from "../db/schema";

/*
 * Which pages are slow right now, across every consumer (docs/operations.md "A URL that is slow right now").
 * Slowness belongs to a URL, not to its host: a slow search page or a broken PDF endpoint is common on a healthy
 * site, and a shared host serves thousands of accounts. A URL is remembered for a while after it missed the main
 * lane's first deadline or was slow again in the slow lane (so the main lane spends no first deadline on it, between
 * a hanging page's attempts included); an answer in time forgets it (the main lane tries only URLs it does not
 * remember, so only a slow-lane attempt or a probe has one to forget). A path with several slow URLs (a search endpoint
 * that hangs for every query) is slow too, so its next new URL does not pay a first deadline to show it. Only a host
 * that has a slow URL and has answered nothing in time lately (a site that is down or hangs as a whole) is slow as a
 * whole, so its other pages do not each pay the main lane a first deadline to show it; one of them at a time still
 * probes it (src/queue/host-probe.ts).
 */

/** How long a host's last answer in time vouches for its other pages. */
const ANSWERED_LATELY_MS = 30_000;
/** A host's answers are written at most this often: one row write per busy host every few seconds, not per page. */
export const ANSWER_WRITE_EVERY_MS = 5_000;
/**
 * Distinct URLs of one path slow at once that make the path slow: one or two may be slow queries of a healthy endpoint,
 * three within a slow URL's memory say the endpoint hangs whatever it is asked.
 */
export const PATH_SLOW_AFTER = 3;

/** The page, and the site it counts against. */
export interface Page {
  url: string;
  host: string;
}

/** A URL's path as slowness counts it: origin and path, without the query (or the fragment). */
export const pathOf = (url: string) => (URL.canParse(url) ? `${new URL(url).origin}${new URL(url).pathname}` : url);

/** The page was slow just now: its URL remembered (again) for `forMs`. */
export const markUrlSlow = (db: Db, page: Page, forMs: number) =>
  db
    .insert(analysisSlowUrls)
    .values({ ...page, path: pathOf(page.url), slowUntil: sql`${dbNowMs} + ${forMs}` })
    .onConflictDoUpdate({ target: analysisSlowUrls.url, set: { slowUntil: sql`${dbNowMs} + ${forMs}` } });

/**
 * The host answered in time: written only if its last write is ANSWER_WRITE_EVERY_MS old. A caller that wrote it
 * itself less than that ago may leave the statement out (the host policy remembers, per isolate, the batches that wrote it).
 */
export const hostAnswered = (db: Db, host: string) =>
  db
    .insert(analysisHostAnswers)
    .values({ host, answeredAt: dbNowMs })
    .onConflictDoUpdate({
      target: analysisHostAnswers.host,
      set: { answeredAt: dbNowMs },
      setWhere: sql`${analysisHostAnswers.answeredAt} < ${dbNowMs} - ${ANSWER_WRITE_EVERY_MS}`,
    });

/** The page answered in time: its URL is forgotten. (That its host answered is hostAnswered's statement.) */
export const urlAnswered = (db: Db, page: Page) => db.delete(analysisSlowUrls).where(eq(analysisSlowUrls.url, page.url));

/** The URL itself is remembered as slow. */
const urlSlow = (url: string) => sql`EXISTS (SELECT 1 FROM ${analysisSlowUrls} WHERE url = ${url} AND slow_until > ${dbNowMs})`;

/** How many URLs of the page's path are remembered as slow. */
export const slowUrlsOfPath = (url: string) =>
  sql`(SELECT count(*) FROM ${analysisSlowUrls} WHERE path = ${pathOf(url)} AND slow_until > ${dbNowMs})`;

/** The URL, or enough URLs of its path, are remembered as slow: the page itself would most likely miss. */
export const pageSlow = ({ url }: Page) => sql`(${urlSlow(url)} OR ${slowUrlsOfPath(url)} >= ${PATH_SLOW_AFTER})`;

/** The host has a slow URL and answered nothing in time lately. */
export const hostSlowAsWhole = (host: string) => sql`(
  EXISTS (SELECT 1 FROM ${analysisSlowUrls} WHERE host = ${host} AND slow_until > ${dbNowMs})
  AND NOT EXISTS (SELECT 1 FROM ${analysisHostAnswers} WHERE host = ${host} AND answered_at > ${dbNowMs} - ${ANSWERED_LATELY_MS}))`;

/** The condition "the main lane should not try this page now" (but for its host's probe), for a claim's WHERE or a read. */
export const slowNow = (page: Page) => sql`(${pageSlow(page)} OR ${hostSlowAsWhole(page.host)})`;

/** Rows that stopped counting stay until a cron tick removes them. */
export const dropExpiredSlowness = (db: Db) =>
  db.batch([
    db.delete(analysisSlowUrls).where(sql`${analysisSlowUrls.slowUntil} <= ${dbNowMs}`),
    db.delete(analysisHostAnswers).where(sql`${analysisHostAnswers.answeredAt} <= ${dbNowMs} - ${ANSWERED_LATELY_MS}`),
  ]);

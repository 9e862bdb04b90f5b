import { and, eq, inArray, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { CrawlSettings } from "../config";
import type { FieldFacts } from "../analysis/types";
import { dbNowMs } from "../db/clock";
import { crawlPages, crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { projectNameFor } from "../projects/project-name";
import type { CrawlSessionStore } from "../render/browser-pool";
import type { AuthSummary } from "../targets/auth-field";
import type { CompareSummary } from "../site/issues/compare";
import type { IssueSummary } from "../site/issues/issue-rows";
import { HEALTHY_RUN, healthyAnswer, nextPace, startGapMs, startingPace, type Pace, type SiteAnswer } from "./crawl-pace";
import { runBatch, type BatchResults } from "../db/batch";
import { UNFINISHED } from "./find-crawl";
import { anyPagePending } from "./crawl-pages";
import { roomLeft, type UsageCounter } from "../accounts/usage";

/*
 * The one writer of a crawl's row, as reports/generation.ts is of a report's. A crawl is inserted `discovering`,
 * turns `running` once discovery has written its pages, and ends once: `completed` (the consumer that claimed its last
 * page), `failed` (discovery, the queue, the sweep) or `cancelled`. Every write is conditioned on the status it
 * expects, so a late or duplicate consumer changes nothing. In between: the fetch slots and the pace, the span of queued messages,
 * link discovery's counts, the stop at the account's monthly quota (truncated, with its `error`), the browser session,
 * the progress touch, the finaliser's claim renewed by the link checks;
 * after the end, the schedule's next run.
 */

/** Why a crawl failed, as its row and the API say it. */
export interface CrawlFailure {
  code: string;
  message: string;
}

export const crawlFailures = {
  enqueueFailed: { code: "enqueue_failed", message: "The crawl could not be queued. Start it again later." },
  discoveryFailed: { code: "discovery_failed", message: "Discovery failed repeatedly. Start the crawl again." },
  stalled: { code: "crawl_stalled", message: "The crawl made no progress for 30 minutes and was stopped." },
} satisfies Record<string, CrawlFailure>;

const unfinishedStatus = inArray(crawls.status, [...UNFINISHED]);
const isRunning = (crawlId: number) => and(eq(crawls.id, crawlId), eq(crawls.status, "running"));
const noPagePending = sql`NOT EXISTS (SELECT 1 FROM ${crawlPages} WHERE ${crawlPages.crawlId} = ${crawls.id} AND ${crawlPages.state} = 'pending')`;

// The start.

/** A crawl to insert: checked input (create-crawl.ts), or a scheduled crawl's next run. */
export interface NewCrawl {
  url: string;
  source: Crawl["source"];
  limit: number;
  schedule: Crawl["schedule"];
  privacy: number;
  passwordHash: string | null;
  render: number;
  /** Concurrent fetches asked for (1-8, within the account's cap). */
  rate: number;
  previousId?: number | null;
  /** The crawl's login, sealed (src/reports/sealed-auth.ts); a scheduled run keeps its previous run's. */
  authSecret?: string | null;
  authSummary?: AuthSummary | null;
}

/**
 * Inserts the crawl only while the account has no unfinished crawl of the project, fewer than maxActive unfinished
 * crawls and room in its monthly quotas: one conditional INSERT, so two requests at once cannot both pass the checks.
 * Returns the crawl, or why it was refused.
 */
export async function insertCrawl(
  db: Db,
  accountId: number,
  crawl: NewCrawl,
  settings: Pick<CrawlSettings, "intervalMs" | "maxActive">,
): Promise<Crawl | "project_busy" | "too_many" | UsageCounter> {
  const project = projectNameFor(new URL(crawl.url));
  const unfinished = and(eq(crawls.accountId, accountId), unfinishedStatus);
  const busyProject = sql`EXISTS (SELECT 1 FROM ${crawls} WHERE ${and(unfinished, eq(crawls.project, project))})`;
  const active = sql`(SELECT count(*) FROM ${crawls} WHERE ${unfinished})`;
  // A crawl the account's monthly quota leaves no page to is not started (its pages are counted as they get reports).
  const counters: UsageCounter[] = crawl.render ? ["crawl_pages", "rendered"] : ["crawl_pages"];
  const room = (counter: UsageCounter) => sql`${roomLeft(accountId, counter)} > 0`;
  const inserted = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO ${crawls} (account_id, project, url, source, "limit", schedule, privacy, password_hash, render, rate, interval_ms,
      current_interval_ms, previous_id, auth_secret, auth_summary)
    SELECT ${accountId}, ${project}, ${crawl.url}, ${crawl.source}, ${crawl.limit}, ${crawl.schedule}, ${crawl.privacy},
      ${crawl.passwordHash}, ${crawl.render}, ${crawl.rate}, ${settings.intervalMs}, ${settings.intervalMs}, ${crawl.previousId ?? null},
      ${crawl.authSecret ?? null}, ${crawl.authSummary ? JSON.stringify(crawl.authSummary) : null}
    WHERE NOT ${busyProject} AND ${active} < ${settings.maxActive} AND ${sql.join(counters.map(room), sql` AND `)}
    RETURNING id`);
  if (inserted) return (await db.select().from(crawls).where(eq(crawls.id, inserted.id)).get())!;
  const why = await db.get<Record<string, number>>(sql`SELECT ${busyProject} AS busy, ${sql.join(counters.map((c) => sql`${room(c)} AS ${sql.raw(c)}`), sql`, `)}`);
  if (why?.busy) return "project_busy";
  return counters.find((counter) => !why?.[counter]) ?? "too_many";
}

/** What discovery found, as the crawl row keeps it. */
export interface DiscoveryFacts {
  discoveredBy: NonNullable<Crawl["discoveredBy"]>;
  found: number;
  skipped: number;
  truncated: boolean;
  site: unknown;
  intervalMs: number;
  /** robots.txt's Crawl-delay in ms, 0 when none. */
  crawlDelayMs: number;
  /** The origin's field data, asked beside discovery (left out: not asked, the resource's `field` stays null). */
  field?: FieldFacts;
}

/** For the batch that writes discovery's pages: the crawl turns `running`, only while it is still discovering. */
export const markRunning = (db: Db, crawlId: number, found: DiscoveryFacts, now = Date.now()) =>
  db
    .update(crawls)
    .set({
      status: "running",
      discoveredBy: found.discoveredBy,
      found: found.found,
      skipped: found.skipped,
      truncated: found.truncated,
      siteFacts: found.site,
      field: found.field,
      intervalMs: found.intervalMs,
      crawlDelayMs: found.crawlDelayMs,
      ...startingPace(found),
      nextSlotAt: now + found.intervalMs,
      startedAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    })
    .where(and(eq(crawls.id, crawlId), eq(crawls.status, "discovering")));

// While it runs.

/** A page settled: the crawl made progress (the stall sweep looks at this). */
export const touchCrawl = (db: Db, crawlId: number, now: string) => db.update(crawls).set({ updatedAt: now }).where(eq(crawls.id, crawlId));

/**
 * For link discovery's batch, after its INSERT of pages: `found` recounted (never below what the sitemaps listed, which
 * may exceed the pages kept), `truncated` once links were left out.
 */
export const recountPages = (db: Db, crawlId: number, leftOut: SQL) =>
  db
    .update(crawls)
    .set({
      found: sql`max(${crawls.found}, (SELECT count(*) FROM ${crawlPages} WHERE crawl_id = ${crawlId}))`,
      truncated: sql`${crawls.truncated} OR ${leftOut}`,
    })
    .where(isRunning(crawlId));

/**
 * For the batch that gives pages their reports, before it drops those past the account's monthly quota (`past`, an
 * EXISTS condition): the crawl stops growing like a truncated one, and says why in its `error` (it still completes).
 */
export const markQuotaReached = (db: Db, crawlId: number, failure: CrawlFailure, past: SQL) =>
  db
    .update(crawls)
    .set({ truncated: true, errorCode: failure.code, errorMessage: failure.message })
    .where(and(isRunning(crawlId), isNull(crawls.errorCode), past));

/** Reserves `span` ms of messages after what is already queued (one UPDATE ... RETURNING): returns where it ends. */
export async function reserveQueueSpan(db: Db, crawlId: number, span: number, now: number): Promise<number | undefined> {
  const [row] = await db
    .update(crawls)
    .set({ queuedUntil: sql`max(${crawls.queuedUntil}, ${crawls.nextSlotAt}, ${now}) + ${span}` })
    .where(eq(crawls.id, crawlId))
    .returning({ until: crawls.queuedUntil });
  return row?.until;
}

/** Holds that have not lapsed, as SQL over the row's `fetch_holds` (a crashed consumer's hold lapses after its time). */
const liveHolds = sql`(SELECT json_group_object(key, value) FROM json_each(${crawls.fetchHolds}) WHERE value > ${dbNowMs})`;
const holdsInFlight = sql`(SELECT count(*) FROM json_each(${crawls.fetchHolds}) WHERE value > ${dbNowMs})`;

/**
 * Claims one of the crawl's fetch slots if one is free now: fewer than its current rate in flight and its next start
 * due (one conditional UPDATE, so two consumers never take the same one). The hold lapses after `holdMs` in case the
 * fetch never reports back, and the next start is one gap (interval / rate) away. Only a running crawl gives a slot.
 * Returns the hold's token for `releaseFetchSlot`, or null.
 */
export async function claimSlotNow(db: Db, crawlId: number, holdMs: number): Promise<string | null> {
  const claim = slotClaim(db, crawlId, holdMs);
  return (await claim.statement).length > 0 ? claim.token : null;
}

/**
 * claimSlotNow's UPDATE, to run in a caller's batch: its `token` is the hold when the statement returns a row, with the
 * crawl's shared site facts (what the page's analysis needs of the row). `onlyIf` narrows it (a crawl page's claim
 * rides in the batch that marks its report processing, and applies only while the page is pending).
 */
export function slotClaim(db: Db, crawlId: number, holdMs: number, onlyIf: SQL = sql`1`) {
  const token = crypto.randomUUID().slice(0, 8);
  const statement = db
    .update(crawls)
    .set({
      fetchHolds: sql`json_set(${liveHolds}, ${`$."${token}"`}, ${dbNowMs} + ${holdMs})`,
      nextSlotAt: sql`${dbNowMs} + ${crawls.currentIntervalMs} / max(1, ${crawls.currentRate})`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(isRunning(crawlId), lte(crawls.nextSlotAt, dbNowMs), lt(holdsInFlight, crawls.currentRate), onlyIf))
    .returning({ id: crawls.id, siteFacts: crawls.siteFacts });
  return { token, statement };
}

/** A fetch has ended: its hold is let go and, at the current pace, the next start is at least one gap from now. */
export const releaseFetchSlot = (db: Db, crawlId: number, hold: string) =>
  db
    .update(crawls)
    .set({
      fetchHolds: sql`json_remove(${crawls.fetchHolds}, ${`$."${hold}"`})`,
      nextSlotAt: sql`max(${crawls.nextSlotAt}, ${dbNowMs} + ${crawls.currentIntervalMs} / max(1, ${crawls.currentRate}))`,
    })
    .where(eq(crawls.id, crawlId));

/** rateCeiling (crawl-pace.ts) in SQL, of the crawl's row. */
const rateCeilingSql = sql`CASE WHEN ${crawls.crawlDelayMs} > 0 OR ${crawls.render} = 1 THEN 1 ELSE max(1, ${crawls.rate}) END`;

/**
 * The crawl touched at a page's settle (`updated_at`, which the stall sweep looks at), returning whether pages are
 * still pending: last in the settle's batch, so it reads the page's own state after it changed.
 */
const touchReturningPending = (db: Db, crawlId: number, touchedAt: string) =>
  touchCrawl(db, crawlId, touchedAt).returning({ pending: anyPagePending(crawlId) });

/** What touchReturningPending's RETURNING said (no row: the crawl is gone, so none pending). */
const pendingIn = (touched: BatchResults[number] | undefined): boolean => Boolean(touched?.results[0]?.pending);

/**
 * A healthy answer's pace, in SQL, in the two cases of nextPace where only the run moves: the run it adds to stays
 * under HEALTHY_RUN (the rate within its ceiling, the interval at or above its floor), or it completes a run of a
 * crawl already at its ceiling and floor, which starts a new run and changes nothing else (a steady fast crawl: every
 * HEALTHY_RUN-th answer). The hold is let go as releaseFetchSlot does. Any other answer is read, computed and set.
 * The UPDATE applies to the row either way (its columns change only where the answer counts), so a page's settle
 * rides in it (`touch`): the row is written once a page, not twice. RETURNING gives the row after the change, so
 * whether the answer counted is told by its hold: only a counted answer lets it go. (A hold that lapsed and was
 * dropped meanwhile reads as counted too: its run was left as it was, so the crawl's next healthy answer takes the
 * step this one did not.)
 */
const countHealthyAnswer = (db: Db, crawlId: number, hold: string, touchedAt?: string) => {
  const counts = sql`(${crawls.currentIntervalMs} >= ${crawls.intervalMs} AND ${crawls.currentRate} <= ${rateCeilingSql}
    AND (${crawls.healthyRun} + 1 < ${HEALTHY_RUN} OR (${crawls.currentIntervalMs} = ${crawls.intervalMs} AND ${crawls.currentRate} = ${rateCeilingSql})))`;
  const ifCounts = (value: SQL, column: AnyColumn) => sql`CASE WHEN ${counts} THEN ${value} ELSE ${column} END`;
  const holdPath = `$."${hold}"`;
  return db
    .update(crawls)
    .set({
      ...(touchedAt && { updatedAt: touchedAt }),
      healthyRun: ifCounts(sql`CASE WHEN ${crawls.healthyRun} + 1 < ${HEALTHY_RUN} THEN ${crawls.healthyRun} + 1 ELSE 0 END`, crawls.healthyRun),
      fetchHolds: ifCounts(sql`json_remove(${crawls.fetchHolds}, ${holdPath})`, crawls.fetchHolds),
      nextSlotAt: ifCounts(sql`max(${crawls.nextSlotAt}, ${dbNowMs} + ${crawls.currentIntervalMs} / max(1, ${crawls.currentRate}))`, crawls.nextSlotAt),
    })
    .where(eq(crawls.id, crawlId))
    .returning({ counted: sql<number>`json_type(${crawls.fetchHolds}, ${holdPath}) IS NULL`.as("counted"), ...(touchedAt && { pending: anyPagePending(crawlId) }) });
};

/** The pace as recordFetchAnswer reads it; the batch's rows come back as D1 returns them (snake_case). */
const readPace = (crawlId: number) =>
  sql`SELECT current_rate AS currentRate, current_interval_ms AS currentIntervalMs, healthy_run AS healthyRun, rate, interval_ms AS intervalMs,
        crawl_delay_ms AS crawlDelayMs, render FROM ${crawls} WHERE ${crawls.id} = ${crawlId}`;
type PaceRow = Pace & Pick<Crawl, "rate" | "intervalMs" | "crawlDelayMs" | "render">;

/**
 * A page fetch has ended with an answer: its hold is let go and the crawl's pace moves as the answer says
 * (crawl-pace.ts), with a Retry-After waited for. The pace is read, computed and written back only if nobody changed
 * it meanwhile (compare and set), tried a few times; a crawl that keeps changing under it just lets the hold go.
 */
export async function recordFetchAnswer(db: Db, crawlId: number, hold: string, answer: SiteAnswer, slowTtfbMs: number): Promise<void> {
  const answering = fetchAnswer(db, crawlId, hold, answer, slowTtfbMs);
  await answering.after(await runBatch(db, answering.statements));
}

/**
 * recordFetchAnswer's first round trip as statements for a caller's batch (a crawl page's generation end: one round
 * trip fewer), the rest with their results, and what lets the hold go if that batch fails. Most answers are healthy
 * ones that only move the run (countHealthyAnswer): one UPDATE, and the pace is read after it only when it did not
 * count (a step of the pace); any other answer reads the pace in the batch, then compares and sets it. `touchedAt` (a
 * page's settle: touchReturningPending) rides in the healthy answer's UPDATE, or in an UPDATE of its own, and comes
 * back as `pending(results)`.
 */
export function fetchAnswer(db: Db, crawlId: number, hold: string, answer: SiteAnswer, slowTtfbMs: number, touchedAt?: string) {
  const healthy = healthyAnswer(answer, slowTtfbMs);
  return {
    statements: healthy
      ? [countHealthyAnswer(db, crawlId, hold, touchedAt)]
      : [readPace(crawlId), ...(touchedAt ? [touchReturningPending(db, crawlId, touchedAt)] : [])],
    pending: (results: BatchResults): boolean => pendingIn(results[healthy ? 0 : 1]),
    async after([first]: BatchResults): Promise<void> {
      if (healthy && first?.results[0]?.counted) return;
      let read = healthy ? undefined : (first?.results[0] as PaceRow | undefined);
      for (let tries = 0; tries < 5; tries++) {
        const row = read ?? (await db.all<PaceRow>(readPace(crawlId))).at(0);
        read = undefined;
        if (!row) return;
        const { pace, waitMs } = nextPace(row, answer, { ...row, slowTtfbMs });
        const [moved] = await db
          .update(crawls)
          .set({
            ...pace,
            fetchHolds: sql`json_remove(${crawls.fetchHolds}, ${`$."${hold}"`})`,
            nextSlotAt: sql`max(${crawls.nextSlotAt}, ${dbNowMs} + ${startGapMs(pace)}, ${dbNowMs} + ${waitMs})`,
          })
          .where(
            and(
              eq(crawls.id, crawlId),
              eq(crawls.currentRate, row.currentRate),
              eq(crawls.currentIntervalMs, row.currentIntervalMs),
              eq(crawls.healthyRun, row.healthyRun),
            ),
          )
          .returning({ id: crawls.id });
        if (moved) return;
      }
      await releaseFetchSlot(db, crawlId, hold);
    },
    /** The caller's batch did not run: the hold is let go on its own (else it lapses only after its hold time). */
    async abandon(): Promise<void> {
      await releaseFetchSlot(db, crawlId, hold);
    },
  };
}

/** A page's fetch answer not recorded yet: its hold, what the site answered, and the bound of a slow first byte. */
export interface PendingAnswer {
  hold: string;
  answer: SiteAnswer;
  slowTtfbMs: number;
}

/**
 * A page's settle, as statements for the end of its batch: the crawl touched and whether pages are still pending
 * (`pending(results)`), with the page's fetch answer when it has one to record (fetchAnswer, carrying the touch: one
 * UPDATE of the row for a healthy answer).
 */
export function settleTouch(db: Db, crawlId: number, touchedAt: string, answered: PendingAnswer | null) {
  if (answered) return fetchAnswer(db, crawlId, answered.hold, answered.answer, answered.slowTtfbMs, touchedAt);
  return {
    statements: [touchReturningPending(db, crawlId, touchedAt)],
    pending: (results: BatchResults): boolean => pendingIn(results[0]),
    after: async (_results: BatchResults): Promise<void> => undefined,
    abandon: async (): Promise<void> => undefined,
  };
}

/**
 * A crawl's browser session as its row keeps it, for the render pool (which sits below crawls and writes no row):
 * reconnected to by every page's consumer, never taken as a lone audits' browser, let go of when closed.
 */
export function crawlBrowserSessions(db: Db): CrawlSessionStore {
  const countLaunch = { browserLaunches: sql`${crawls.browserLaunches} + 1` };
  return {
    sessionOf: async (crawlId) =>
      (await db.select({ id: crawls.browserSession }).from(crawls).where(eq(crawls.id, crawlId)).get())?.id ?? null,
    heldSessions: async () => {
      const rows = await db.select({ id: crawls.browserSession }).from(crawls).where(sql`${crawls.browserSession} IS NOT NULL`).all();
      return new Set(rows.map((row) => row.id!));
    },
    async recordLaunch(crawlId, sessionId, replacing) {
      const [stored] = await db
        .update(crawls)
        .set({ browserSession: sessionId, ...countLaunch })
        .where(and(eq(crawls.id, crawlId), replacing ? eq(crawls.browserSession, replacing) : isNull(crawls.browserSession)))
        .returning({ id: crawls.id });
      if (!stored) await db.update(crawls).set(countLaunch).where(eq(crawls.id, crawlId));
      return Boolean(stored);
    },
    forget: async (crawlId) => void (await db.update(crawls).set({ browserSession: null }).where(eq(crawls.id, crawlId))),
  };
}

// The end.

/** An unfinished crawl fails (discovery, the queue, its login); `counts` are what discovery got to. */
export async function failCrawl(db: Db, crawlId: number, failure: CrawlFailure, counts: { skipped?: number } = {}) {
  const now = new Date().toISOString();
  await db
    .update(crawls)
    .set({ status: "failed", errorCode: failure.code, errorMessage: failure.message, finishedAt: now, updatedAt: now, ...counts })
    .where(and(eq(crawls.id, crawlId), unfinishedStatus));
}

/**
 * The one consumer that finds no pending page left claims the crawl (a conditional UPDATE ... RETURNING):
 * two consumers settling the last pages together compute the site checks once.
 */
export async function claimLastPage(db: Db, crawlId: number): Promise<Crawl | undefined> {
  const [claimed] = await db
    .update(crawls)
    .set({ settlingAt: new Date().toISOString() })
    .where(and(isRunning(crawlId), sql`${crawls.settlingAt} IS NULL`, noPagePending))
    .returning();
  return claimed;
}

/**
 * The claimed crawl's link checks made progress: the claim is renewed, so the sweep does not take it for a lost
 * finaliser, and the stall clock restarts. Returns false when the crawl is no longer running or not claimed.
 */
export async function renewSettling(db: Db, crawlId: number): Promise<boolean> {
  const now = new Date().toISOString();
  const renewed = await db
    .update(crawls)
    .set({ settlingAt: now, updatedAt: now })
    .where(and(isRunning(crawlId), sql`${crawls.settlingAt} IS NOT NULL`))
    .returning({ id: crawls.id });
  return renewed.length > 0;
}

/** What finalising computed of a crawl whose last page settled. */
export interface CrawlVerdict {
  siteChecks: unknown;
  score: number | null;
  result: Crawl["result"];
  nextRunAt: string | null;
}

/** The claimed crawl completes, once: returns it only to the caller whose update did it. */
export async function completeCrawl(db: Db, crawlId: number, verdict: CrawlVerdict, now = new Date().toISOString()) {
  const [done] = await db
    .update(crawls)
    .set({ status: "completed", ...verdict, finishedAt: now, updatedAt: now })
    .where(isRunning(crawlId))
    .returning();
  return done;
}

/**
 * The completed crawl keeps its compare with the crawl before it (computed once, when it completes), so its page
 * shows "Since the last crawl" without comparing thousands of pages on every view.
 */
export const storeCompareSummary = (db: Db, crawlId: number, summary: CompareSummary) =>
  db
    .update(crawls)
    .set({ compareSummary: summary })
    .where(and(eq(crawls.id, crawlId), eq(crawls.status, "completed")));

/**
 * A completed crawl's page-check tallies and page counts: its failures no longer change, so its issues list answers
 * from this one row (docs/crawls.md "Pruned crawls"). With `prunedAt`, the crawl is being pruned: from here on it
 * answers from the summary alone.
 */
export const storeIssueSummary = (db: Db, crawlId: number, summary: IssueSummary, prunedAt?: string) =>
  db
    .update(crawls)
    .set({ issueSummary: summary, ...(prunedAt && { prunedAt }) })
    .where(and(eq(crawls.id, crawlId), eq(crawls.status, "completed")));

/** For the batch that cancels a crawl (before its reports fail): `cancelled`, only while unfinished. */
export const markCancelled = (db: Db, accountId: number, crawlId: number, now: string) =>
  db
    .update(crawls)
    .set({ status: "cancelled", finishedAt: now, updatedAt: now })
    .where(and(eq(crawls.id, crawlId), eq(crawls.accountId, accountId), unfinishedStatus))
    .returning();

/** For the batch that deletes a crawl with its pages. */
export const deleteCrawlRow = (db: Db, accountId: number, crawlId: number) =>
  db.delete(crawls).where(and(eq(crawls.id, crawlId), eq(crawls.accountId, accountId)));

/**
 * The sweep's first half: running crawls with no page pending whose finalising consumer was lost (never claimed, or
 * claimed before `expiredBefore`) lose their claim, so they can be finalised again. Returns their ids.
 */
export async function releaseLostSettling(db: Db, expiredBefore: string): Promise<number[]> {
  const rows = await db
    .update(crawls)
    .set({ settlingAt: null })
    .where(and(eq(crawls.status, "running"), or(sql`${crawls.settlingAt} IS NULL`, lt(crawls.settlingAt, expiredBefore)), noPagePending))
    .returning({ id: crawls.id });
  return rows.map((row) => row.id);
}

/** The sweep's second half: unfinished crawls untouched since `before` fail with `crawl_stalled`. Returns how many. */
export async function failStalledCrawls(db: Db, before: string, now: string): Promise<number> {
  const { code, message } = crawlFailures.stalled;
  const rows = await db
    .update(crawls)
    .set({ status: "failed", errorCode: code, errorMessage: message, finishedAt: now, updatedAt: now })
    .where(and(unfinishedStatus, lt(crawls.updatedAt, before)))
    .returning({ id: crawls.id });
  return rows.length;
}

// The schedule.

/** A finished scheduled crawl whose next run is due: its due mark is taken by one tick only. */
export async function claimDueRun(db: Db, crawlId: number): Promise<Crawl | undefined> {
  const [previous] = await db
    .update(crawls)
    .set({ nextRunAt: null })
    .where(and(eq(crawls.id, crawlId), sql`${crawls.nextRunAt} IS NOT NULL`))
    .returning();
  return previous;
}

/** A due run that could not start is due again at `at`. */
export const postponeRun = (db: Db, crawlId: number, at: string) => db.update(crawls).set({ nextRunAt: at }).where(eq(crawls.id, crawlId));

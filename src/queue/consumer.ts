import { eq, sql } from "drizzle-orm";
import { createBodyBudget, type BodyBudget } from "../analysis/body-budget";
import { FIRST_DEADLINE } from "../analysis/fetch-page";
import type { AnalysisOptions } from "../analysis/settings";
import { config } from "../config";
import { crawlPagePath } from "../crawls/crawl-page-path";
import { createDb } from "../db/client";
import { crawls, reports } from "../db/schema";
import type { Db } from "../db/client";
import { analysisJobSchema, type AnalysisJob, type AnalysisPath } from "../reports/analysis-job";
import { requeueAnalysis } from "../reports/enqueue-analysis";
import { failures } from "../reports/failures";
import { finishGeneration } from "../reports/finish-generation";
import { markMovedToSlowLane, markRetrying, markWaitingForHost } from "../reports/generation";
import { unsealCredentials } from "../reports/sealed-auth";
import { claimHostSlot, handOverHostSlot, hostOf, releaseHostSlot, slowLaneHoldsHost, waitForHostSlot, type Lane } from "./host-slots";
import { createHostTurns, type HostTurns } from "./host-turns";
import { browserBinding } from "../render/availability";
import { renderPool, type RenderPool } from "../render/browser-pool";
import { loneReportPath } from "./lone-report-path";

/**
 * How long a delivery waits in the consumer for its host's slot before going back to the queue; in the main lane at
 * most the first deadline, so a batch still costs it about one first deadline at most.
 */
const HOST_WAIT_MS = 1000;

/** A host slot outlives its analysis's longest fetch plus the checks; past that its consumer is taken for dead. */
const HOST_SLOT_MARGIN_MS = 30_000;

interface LaneContext {
  env: Env;
  db: Db;
  pool: RenderPool | null;
  lane: Lane;
  options: AnalysisOptions;
  maxAttempts: number;
  /** ANALYSIS_RETRY_DELAY_SECONDS. */
  firstRetrySeconds: number;
  hostCap: number;
  hostHoldMs: number;
  hostWaitMs: number;
  /** This invocation's line per host, and how long a message waits in it before going back to the queue. */
  turns: HostTurns;
  turnWaitMs: number;
  /** Hosts whose slots other invocations held past hostWaitMs: this invocation's next messages of them do not wait. */
  crowded: Set<string>;
  /** Hosts that missed the first deadline in this invocation: its next messages of them go to the slow lane untried. */
  movedHosts: Set<string>;
}

/** One byte budget per isolate, shared by both lanes' batches (they may run in the same isolate). */
let isolateBudget: BodyBudget | undefined;
function bodyBudget(limit: number): BodyBudget {
  if (isolateBudget?.counts().limit !== limit) isolateBudget = createBodyBudget(limit);
  return isolateBudget;
}

/** The isolate's body budget counters (held, peak, waits, overruns), for tests and the soak, like domGateCounts. */
export const bodyBudgetCounts = () => isolateBudget?.counts();

/**
 * Two lanes (docs/operations.md "Slow lane and retries"). The main lane gives a page a first deadline to its response
 * headers; a page that misses it moves to the slow lane, which gives it the whole FETCH_TIMEOUT_MS, and every retry
 * runs there too. So a batch of hanging or refusing sites costs the main lane one first deadline, never the full one.
 */
export const handleAnalysisBatch = (batch: MessageBatch<unknown>, env: Env) => handleLane(batch, env, "main");
export const handleSlowAnalysisBatch = (batch: MessageBatch<unknown>, env: Env) => handleLane(batch, env, "slow");

async function handleLane(batch: MessageBatch<unknown>, env: Env, lane: Lane): Promise<void> {
  const settings = config(env);
  const options: AnalysisOptions = {
    ...settings.analysis,
    bodyBudget: bodyBudget(settings.bodyBudgetBytes),
    ...(lane === "main" && { firstDeadlineMs: settings.firstDeadlineMs }),
  };
  const db = createDb(env.DB);
  // One browser for the whole invocation, reused from an earlier invocation or launched, only if one of its reports
  // renders (docs/rendering.md).
  const binding = browserBinding(env);
  const context: LaneContext = {
    env,
    db,
    pool: binding ? renderPool(binding, db, settings.render) : null,
    lane,
    options,
    maxAttempts: settings.analysisMaxAttempts,
    firstRetrySeconds: settings.retryDelaySeconds,
    hostCap: settings.hostConcurrency,
    hostHoldMs: settings.analysis.timeoutMs + HOST_SLOT_MARGIN_MS,
    hostWaitMs: lane === "main" ? Math.min(HOST_WAIT_MS, settings.firstDeadlineMs) : HOST_WAIT_MS,
    turns: createHostTurns(settings.hostConcurrency),
    // In the main lane the invocation's own analyses of a host end (or move on) within a first deadline plus their
    // reading, so a turn comes well before the full deadline; a slow-lane analysis may hold its turn that long, so
    // there a message waits no longer than for another invocation's slot.
    turnWaitMs: lane === "main" ? settings.analysis.timeoutMs : HOST_WAIT_MS,
    crowded: new Set(),
    movedHosts: new Set(),
  };
  // Every fetch of the batch starts at once: waiting on a network holds no memory; bodies (the byte budget) and
  // DOMs (the DOM gate) do, and those are bounded where they are held.
  try {
    await Promise.all(batch.messages.map((message) => handleMessage(context, message)));
  } finally {
    await context.pool?.release();
  }
}

/** The one place a message's kind is decided: a crawl's page, or a lone report. */
const pathOf = (env: Env, db: Db, pool: RenderPool | null, job: AnalysisJob): AnalysisPath =>
  job.crawlId ? crawlPagePath(env, db, pool, { ...job, crawlId: job.crawlId }) : loneReportPath(db, pool, job);

async function handleMessage(context: LaneContext, message: Message<unknown>) {
  const { env, db, options, maxAttempts } = context;
  const parsed = analysisJobSchema.safeParse(message.body);
  if (!parsed.success) {
    console.warn("dropping malformed analysis message", message.id);
    message.ack();
    return;
  }
  const job = parsed.data;
  const path = pathOf(env, db, context.pool, job);
  const report = await db
    .select({
      url: reports.url,
      status: reports.status,
      generation: reports.generation,
      attempts: reports.attempts,
      render: reports.render,
      accountId: reports.accountId,
      auth: sealedAuthOf(job),
    })
    .from(reports)
    .where(eq(reports.id, job.reportId))
    .get();
  // Deleted, regenerated since, or already analysed for this generation: nothing to do.
  if (!report || report.generation !== job.generation || report.status === "completed" || report.status === "failed") {
    await path.settleWithoutFetch(report?.generation === job.generation ? report.status : undefined);
    message.ack();
    return;
  }
  try {
    const credentials = await unsealCredentials(env, report.accountId, report.auth);
    if (credentials && "ok" in credentials) {
      await finishGeneration(env, db, job, credentials);
      await path.settle(credentials);
      return message.ack();
    }
    const host = hostOf(report.url);
    const slot = await takeHostSlot(context, job.reportId, host);
    if (slot === "slow") {
      // Its host is slow right now: the slow lane gives it the full deadline, the main lane spends nothing on it.
      countRequeue(host, "sentToSlowLane");
      await markMovedToSlowLane(db, job);
      return await requeue(context, message, job, "slow");
    }
    if (slot === "wait") {
      // Other consumers hold the host's share: wait a few seconds in the queue, not counted as an attempt.
      countRequeue(host, "waitedForHost");
      await markWaitingForHost(db, job);
      return await requeue(context, message, job, context.lane, hostWaitSeconds());
    }
    let step;
    let missedFirstDeadline = false;
    try {
      // The credentials stay in this call: never in the message, never in a log line (the job below holds none).
      step = await path.analyze(report.url, credentials ? { ...options, credentials } : options, report.render);
      // Before the turn passes on: the invocation's next message of the host must know the host is slow now, and so
      // must every other consumer (the slot passes to the slow lane rather than being freed).
      missedFirstDeadline = step.next === "finish" && !step.outcome.ok && step.outcome.code === FIRST_DEADLINE;
      if (missedFirstDeadline) context.movedHosts.add(host);
    } finally {
      await slot.release(missedFirstDeadline);
    }
    if (step.next === "skip") return message.ack();
    // A crawl's page whose fetch slot is not due yet (a slow site holds each slot for its whole fetch): a new message
    // with the delay, like a retry, so waiting never uses up the deliveries that are kept for crashes.
    if (step.next === "later") return await requeue(context, message, job, context.lane, step.delaySeconds);
    const { outcome } = step;
    if (missedFirstDeadline) {
      countRequeue(host, "missedFirstDeadline");
      await markMovedToSlowLane(db, job);
      return await requeue(context, message, job, "slow");
    }
    const attempts = report.attempts + 1;
    if (!outcome.ok && outcome.temporary && attempts < maxAttempts) {
      const delaySeconds = retryDelaySeconds(attempts, context.firstRetrySeconds);
      await markRetrying(db, job, { attempts, lastError: outcome, nextAttemptAt: new Date(Date.now() + delaySeconds * 1000) });
      return await requeue(context, message, job, "slow", delaySeconds);
    }
    await finishGeneration(env, db, job, outcome);
    await path.settle(outcome);
    message.ack();
  } catch (error) {
    // Unexpected (a D1 hiccup, a bug): retry the delivery; after max_retries the dead-letter handler fails it.
    console.error("analysis crashed", job, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts, context.firstRetrySeconds) });
  }
}

/**
 * A message's turn at its host (docs/operations.md "Per-host fairness"): first this invocation's line for the host,
 * then one of the host's slots across all consumers. "slow" when the main lane should not try the host now (the slow
 * lane is working on it, or one of this invocation's pages of it just missed the first deadline), "wait" when other
 * invocations hold its slots.
 */
async function takeHostSlot(
  context: LaneContext,
  reportId: number,
  host: string,
): Promise<{ release(toSlowLane: boolean): Promise<void> } | "slow" | "wait"> {
  const { db, lane, hostCap, hostHoldMs } = context;
  const turn = await context.turns.take(host, context.turnWaitMs);
  if (!turn) return "wait";
  const hostIsSlow = async () => lane === "main" && (context.movedHosts.has(host) || (await slowLaneHoldsHost(db, host)));
  const claim = { reportId, host, lane };
  // Once one of the invocation's analyses of the host missed the first deadline, its others do not try it.
  let claimed = !context.movedHosts.has(host) && (await claimHostSlot(db, claim, hostCap, hostHoldMs));
  let slow = false;
  if (!claimed) {
    slow = await hostIsSlow();
    // Only the first of the invocation's messages of a crowded host waits for another invocation's slot.
    if (!slow && !context.crowded.has(host)) {
      claimed = await waitForHostSlot(db, claim, hostCap, hostHoldMs, context.hostWaitMs);
      if (!claimed) context.crowded.add(host);
    }
  }
  if (!claimed) {
    turn.release();
    return slow ? "slow" : "wait";
  }
  return {
    release: async (toSlowLane) => {
      try {
        await (toSlowLane ? handOverHostSlot(db, reportId, hostHoldMs) : releaseHostSlot(db, reportId));
      } finally {
        turn.release();
      }
    },
  };
}

/**
 * How many messages of each host went back to a queue instead of ending there (for tests and the soak): waited for
 * another invocation's slot, missed the main lane's first deadline, or sent to the slow lane without being tried.
 */
type RequeueReason = "waitedForHost" | "missedFirstDeadline" | "sentToSlowLane";
const requeues = new Map<string, Record<RequeueReason, number>>();
const countRequeue = (host: string, why: RequeueReason) => {
  const counts = requeueCounts(host);
  counts[why]++;
  requeues.set(host, counts);
};
export const requeueCounts = (host: string): Record<RequeueReason, number> => ({
  waitedForHost: 0,
  missedFirstDeadline: 0,
  sentToSlowLane: 0,
  ...requeues.get(host),
});

/** A crawl's page is fetched with the crawl's login (docs/security.md), a lone report with its own. */
const sealedAuthOf = (job: AnalysisJob) =>
  job.crawlId ? sql<string | null>`(SELECT ${crawls.authSecret} FROM ${crawls} WHERE ${crawls.id} = ${job.crawlId})` : reports.authSecret;

/** A new message on `lane` replaces the delivery; if the queue refuses it, the delivery itself comes back. */
async function requeue(context: LaneContext, message: Message<unknown>, job: AnalysisJob, lane: Lane, delaySeconds?: number) {
  const queue = lane === "slow" ? context.env.ANALYSIS_SLOW_QUEUE : context.env.ANALYSIS_QUEUE;
  if (await requeueAnalysis(queue, { job, delaySeconds })) message.ack();
  else message.retry({ delaySeconds: delaySeconds ?? retryDelaySeconds(message.attempts, context.firstRetrySeconds) });
}

/** Between two attempts of a page: `first` (ANALYSIS_RETRY_DELAY_SECONDS), then doubled each time (2, 4, 8, 16 s ...), capped at five minutes. */
export const retryDelaySeconds = (attempts: number, first = 2) => Math.min(Math.ceil(first * 2 ** (attempts - 1)), 300);

/** A host at its cap is asked again after 2-4 s; the spread keeps its waiting messages from all coming back at once. */
const hostWaitSeconds = () => 2 + Math.floor(Math.random() * 3);

export async function handleAnalysisDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  await Promise.all(batch.messages.map((message) => handleDeadLetter(env, db, message)));
}

async function handleDeadLetter(env: Env, db: Db, message: Message<unknown>) {
  const parsed = analysisJobSchema.safeParse(message.body);
  if (parsed.success) {
    await finishGeneration(env, db, parsed.data, failures.analysisCrashed);
    await pathOf(env, db, null, parsed.data).settle(failures.analysisCrashed);
  }
  message.ack();
}

import type { AnalysisOutcome } from "../analysis/analyze";
import { FIRST_DEADLINE } from "../analysis/fetch-page";
import type { Device } from "../analysis/lab-device";
import type { AnalysisOptions } from "../analysis/settings";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { FieldDataSource } from "../field/field-source";
import type { AnalysisJob, AnalysisStep } from "../reports/analysis-job";
import { markMovedToSlowLane, markRetrying, markWaitingForHost } from "../reports/generation";
import { unsealCredentials } from "../targets/sealed-auth";
import type { RenderPool } from "../render/browser-pool";
import type { AnalysisPath } from "./analysis-path";
import type { Tally } from "./batch-tally";
import type { HeldRelease, HostPolicy, UrlVerdict } from "./host-policy";
import { hostOf, type Lane } from "./host-slots";
import { retryDelaySeconds, type Queues } from "../queues";
import { hostWaitSeconds } from "./lanes";

/** What one lane's invocation hands each of its messages: built once by the batch's entry point. */
export interface LaneRun {
  db: Db;
  settings: Config;
  lane: Lane;
  options: AnalysisOptions;
  queues: Queues;
  hosts: HostPolicy;
  pool: RenderPool | null;
  tally: Tally;
  /** The Chrome UX Report, cached and paced in D1 (src/field/field-data.ts): every page's `core_web_vitals`. */
  field: FieldDataSource;
}

/** The report as its message finds it, with what its path says the page is fetched with. */
export interface LoadedReport {
  url: string;
  attempts: number;
  accountId: number;
  sealedAuth: string | null;
  render: number;
  /** A rendered audit's screen and throttling (a crawl's pages: mobile). */
  device: Device;
}

/** A step of the lane; a generation that ends carries its host slot's release for the batch that ends it. */
export type LaneStep = AnalysisStep & { held?: HeldRelease };

/**
 * A due generation's try: its login opened, its turn at its host taken (or the message sent on to wait or to the slow
 * lane), the page analysed by its path, and a temporary failure with attempts left queued again in the slow lane.
 */
export async function runAnalysis(run: LaneRun, path: AnalysisPath, job: AnalysisJob, report: LoadedReport): Promise<LaneStep> {
  const credentials = await unsealCredentials(run.settings, report.accountId, report.sealedAuth);
  if (credentials && "ok" in credentials) return { next: "finish", outcome: credentials };
  const host = hostOf(report.url);
  const slot = await run.hosts.take(job.reportId, report.url, report.accountId);
  // Its URL is slow right now: the slow lane gives it the full deadline, the main lane spends nothing on it.
  if (slot === "slow") return await toSlowLane(run, job, host, "sentToSlowLane");
  if (slot === "wait") {
    // Other consumers hold the host's share: wait a few seconds in the queue, not counted as an attempt.
    run.tally.count(host, "waitedForHost");
    await markWaitingForHost(run.db, job);
    return { next: "later", delaySeconds: hostWaitSeconds() };
  }
  let step: AnalysisStep;
  const startedAt = Date.now();
  try {
    // The credentials stay in this call: never in the message, never in a log line (the job holds none).
    const options = { ...run.options, device: report.device, fieldData: run.field, ...(credentials && { credentials }) };
    step = await path.analyze(report.url, options, report.render);
  } catch (error) {
    await slot.release();
    throw error;
  }
  // Before the turn passes on, what the attempt showed of its URL is recorded with the slot's release.
  const verdict = urlVerdict(run, step, Date.now() - startedAt);
  const missed = run.lane === "main" && missedFirstDeadline(step);
  const attempts = report.attempts + 1;
  // The generation ends now: the release rides in the batch that ends it (the consumer's finish), one round trip fewer.
  if (step.next === "finish" && !missed && !retriesLater(run, attempts, step.outcome)) return { ...step, held: slot.releasing(verdict) };
  await slot.release(verdict);
  // Skipped; or a crawl's page whose fetch slot is not due yet (a slow site holds each slot for its whole fetch): a new
  // message with the delay, like a retry, so waiting never uses up the deliveries that are kept for crashes.
  if (step.next !== "finish") return step;
  if (missed) return await toSlowLane(run, job, host, "missedFirstDeadline");
  return await afterAttempt(run, job, attempts, step.outcome);
}

const missedFirstDeadline = (step: AnalysisStep) => step.next === "finish" && !step.outcome.ok && step.outcome.code === FIRST_DEADLINE;

/**
 * What the attempt showed of its URL: slow when it missed the main lane's first deadline, or, in the slow lane, timed
 * out or took longer than that deadline (its answer came, but the main lane would have cut it).
 */
function urlVerdict(run: LaneRun, step: AnalysisStep, elapsedMs: number): UrlVerdict | undefined {
  // Skipped, or not fetched yet (a crawl's fetch slot not due): nothing learned of the URL.
  if (step.next !== "finish") return undefined;
  if (run.lane === "main") return missedFirstDeadline(step) ? "slow" : "fast";
  const timedOut = !step.outcome.ok && step.outcome.code === "timeout";
  return timedOut || elapsedMs > run.settings.firstDeadlineMs ? "slow" : "fast";
}

async function toSlowLane(run: LaneRun, job: AnalysisJob, host: string, why: "sentToSlowLane" | "missedFirstDeadline"): Promise<AnalysisStep> {
  run.tally.count(host, why);
  await markMovedToSlowLane(run.db, job);
  return { next: "later", lane: "slow" };
}

/** A temporary failure with attempts left is retried in the slow lane after a wait; anything else ends the generation. */
const retriesLater = (run: LaneRun, attempts: number, outcome: AnalysisOutcome): outcome is Extract<AnalysisOutcome, { ok: false }> =>
  !outcome.ok && outcome.temporary && attempts < run.settings.analysisMaxAttempts;

async function afterAttempt(run: LaneRun, job: AnalysisJob, attempts: number, outcome: AnalysisOutcome): Promise<AnalysisStep> {
  if (!retriesLater(run, attempts, outcome)) return { next: "finish", outcome };
  const delaySeconds = retryDelaySeconds(attempts, run.settings.retryDelaySeconds);
  await markRetrying(run.db, job, { attempts, lastError: outcome, nextAttemptAt: new Date(Date.now() + delaySeconds * 1000) });
  return { next: "later", lane: "slow", delaySeconds };
}

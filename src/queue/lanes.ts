import { createBodyBudget, type BodyBudget } from "../analysis/body-budget";
import type { AnalysisOptions } from "../analysis/settings";
import type { Config } from "../config";
import type { AnalysisJob } from "../reports/analysis-job";
import { requeueAnalysis } from "../reports/enqueue-analysis";
import { retryDelaySeconds, type Queues } from "../queues";
import type { Lane } from "./host-slots";

/*
 * Two lanes (docs/operations.md "Slow lane and retries"). The main lane gives a page a first deadline to its response
 * headers; a page that misses it moves to the slow lane, which gives it the whole FETCH_TIMEOUT_MS, and every retry
 * runs there too. So a batch of hanging or refusing sites costs the main lane one first deadline, never the full one.
 */

/** One byte budget per isolate, shared by both lanes' batches (they may run in the same isolate). */
let isolateBudget: BodyBudget | undefined;
function bodyBudget(limit: number): BodyBudget {
  if (isolateBudget?.counts().limit !== limit) isolateBudget = createBodyBudget(limit);
  return isolateBudget;
}

/** The analysis options of a lane's batch: the first deadline in the main lane only, the isolate's byte budget. */
export const laneOptions = (settings: Config, lane: Lane): AnalysisOptions & { bodyBudget: BodyBudget } => ({
  ...settings.analysis,
  bodyBudget: bodyBudget(settings.bodyBudgetBytes),
  ...(lane === "main" && { firstDeadlineMs: settings.firstDeadlineMs }),
});

/** A lane's queue: the main lane is the analysis queue. */
export const laneQueue = (queues: Pick<Queues, "analysis" | "slow">, lane: Lane): Queue => (lane === "main" ? queues.analysis : queues.slow);

/** A new message on `lane` replaces the delivery; if the queue refuses it, the delivery itself comes back. */
export async function requeue(
  queues: Queues,
  message: Message<unknown>,
  job: AnalysisJob,
  to: { lane: Lane; delaySeconds?: number },
  /** ANALYSIS_RETRY_DELAY_SECONDS: the delivery's own wait when the queue refuses the new message. */
  firstRetrySeconds: number,
): Promise<void> {
  const { lane, delaySeconds } = to;
  if (await requeueAnalysis(laneQueue(queues, lane), { job, delaySeconds })) message.ack();
  else message.retry({ delaySeconds: delaySeconds ?? retryDelaySeconds(message.attempts, firstRetrySeconds) });
}

/** A host at its cap is asked again after 2-4 s; the spread keeps its waiting messages from all coming back at once. */
export const hostWaitSeconds = () => 2 + Math.floor(Math.random() * 3);

import type { AnalysisOutcome } from "../analysis/analyze";

/** A generation's end without results: an analysis failure, or one of the reasons below that no fetch gave. */
export type Failure = Extract<AnalysisOutcome, { ok: false }>;

const failure = (code: string, message: string): Failure => ({ ok: false, code, message, temporary: false });

/** Why a generation failed without its page being fetched (or being fetched to the end), as clients read it. */
export const failures = {
  enqueueFailed: failure("enqueue_failed", "The analysis could not be queued. Regenerate the report to try again."),
  scheduledEnqueueFailed: failure("enqueue_failed", "The scheduled analysis could not be queued; the next scheduled run will try again."),
  crawlCancelled: failure("crawl_cancelled", "The crawl that queued this analysis was cancelled."),
  analysisLost: failure("analysis_lost", "The analysis did not finish in time. Regenerate the report to try again."),
  authUnavailable: failure(
    "auth_unavailable",
    "The credentials stored for this page could not be decrypted: the server's encryption key is missing or changed. Set auth again.",
  ),
  // A report or crawl asked for rendering, and the server's browser was turned off since (docs/rendering.md).
  renderingOff: failure("render_unavailable", "Rendering is not available on this server."),
  analysisCrashed: failure("analysis_crashed", "The analysis failed repeatedly and was given up. Regenerate the report to try again."),
};

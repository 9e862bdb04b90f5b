import type { AnalysisOutcome } from "../analysis/analyze";
import type { ReportRow } from "./serialize";

/** What a report's events say of it before its generation ended: all `reportEventData` and `scoreDropped` read. */
export type EventBase = Pick<ReportRow, "id" | "accountId" | "generation" | "url" | "finalUrl" | "project" | "score" | "result">;

/**
 * `data` of report.* events (docs/monitoring.md): the generation that just ended, without `results` (the client
 * fetches the report). `previous_*` are the previous completed generation's; a failed generation has no score.
 */
export function reportEventData(before: EventBase, outcome: AnalysisOutcome, generatedAt: string, publicOrigin: string | null) {
  return {
    id: before.id,
    url: before.url,
    final_url: outcome.ok ? outcome.finalUrl : before.finalUrl,
    project: before.project,
    status: outcome.ok ? "completed" : "failed",
    score: outcome.ok ? outcome.score : null,
    previous_score: before.score,
    result: outcome.ok ? outcome.result : null,
    previous_result: before.result,
    issues: outcome.ok ? outcome.issues : { high: 0, medium: 0, low: 0 },
    error: outcome.ok ? null : { code: outcome.code, message: outcome.message },
    page_url: publicOrigin ? `${publicOrigin}/reports/${before.id}` : null,
    generated_at: generatedAt,
  };
}

/** A real drop: both generations completed and the new score is lower. */
export const scoreDropped = (before: EventBase, outcome: AnalysisOutcome) =>
  outcome.ok && before.score !== null && outcome.score < before.score;

import { and, eq } from "drizzle-orm";
import { reports } from "../db/schema";
import type { Db } from "../db/client";
import type { AnalysisJob } from "../env";
import { ApiError } from "../http/errors";

/**
 * Sends the analysis message for a report generation. If the queue refuses it, the report is marked failed
 * rather than left queued forever, and the client is told to try again.
 */
export async function enqueueAnalysis(db: Db, queue: Queue, job: AnalysisJob): Promise<void> {
  try {
    await queue.send(job, { contentType: "json" });
  } catch (error) {
    console.error("enqueue failed", error);
    await db
      .update(reports)
      .set({
        status: "failed",
        errorCode: "enqueue_failed",
        errorMessage: "The analysis could not be queued. Regenerate the report to try again.",
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(reports.id, job.reportId), eq(reports.generation, job.generation)));
    throw new ApiError(503, "The analysis queue is unavailable. Please try again shortly.", undefined, { "Retry-After": "30" });
  }
}

import { config } from "../config";
import type { Db } from "../db/client";
import { requireRendering } from "../render/availability";
import { createReport } from "./create-report";
import { enqueueAnalysis } from "./enqueue-analysis";
import type { StoreReportInput, UpdateReportInput } from "./schemas";
import { updateReport } from "./update-report";

/** Creates a report and queues its analysis, as POST /api/v1/reports and the MCP's audit_page both do. */
export async function storeReport(db: Db, env: Env, accountId: number, input: StoreReportInput) {
  requireRendering(env, input.render);
  const report = await createReport(db, accountId, input, config(env).allowPrivateTargets, env);
  await enqueueAnalysis(db, env.ANALYSIS_QUEUE, { kind: "report", reportId: report.id, generation: report.generation });
  return report;
}

/**
 * Updates a report and, with `update=1`, queues its regeneration, as PUT/PATCH /api/v1/reports/{id} and the MCP's
 * regenerate_report both do.
 */
export async function storeReportUpdate(db: Db, env: Env, accountId: number, id: number, input: UpdateReportInput) {
  requireRendering(env, input.render);
  const updated = await updateReport(db, accountId, id, input, env);
  if (updated.regenerate) await enqueueAnalysis(db, env.ANALYSIS_QUEUE, { kind: "report", reportId: updated.report.id, generation: updated.report.generation });
  return updated;
}

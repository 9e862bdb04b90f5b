import { config } from "../config";
import type { Db } from "../db/client";
import { requireRendering } from "../render/availability";
import { createReport } from "./create-report";
import { enqueueAnalysis } from "./enqueue-analysis";
import type { StoreReportInput } from "./schemas";

/** Creates a report and queues its analysis, as POST /api/v1/reports and the MCP's audit_page both do. */
export async function storeReport(db: Db, env: Env, accountId: number, input: StoreReportInput) {
  requireRendering(env, input.render);
  const report = await createReport(db, accountId, input, config(env).allowPrivateTargets, env);
  await enqueueAnalysis(db, env.ANALYSIS_QUEUE, { reportId: report.id, generation: report.generation });
  return report;
}

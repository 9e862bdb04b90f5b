import type { BrowserWorker } from "@cloudflare/puppeteer";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Queues } from "../queues";
import { requireRendering } from "../render/availability";
import { createReport } from "./create-report";
import { enqueueAnalysis } from "./enqueue-analysis";
import type { StoreReportInput, UpdateReportInput } from "./schemas";
import { updateReport } from "./update-report";

/** What a report write needs beyond the database, resolved at the edge: settings, the analysis queue, the browser. */
export interface ReportWriteDeps {
  settings: Pick<Config, "allowPrivateTargets" | "webhookEncryptionKey">;
  queues: Pick<Queues, "analysis">;
  /** Null when rendering is off (no binding, or RENDERING false): `render=1` is then refused. */
  browser: BrowserWorker | null;
}

/** Creates a report and queues its analysis, as POST /api/v1/reports and the MCP's audit_page both do. */
export async function storeReport(db: Db, accountId: number, input: StoreReportInput, deps: ReportWriteDeps) {
  requireRendering(deps.browser, input.render);
  const report = await createReport(db, accountId, input, deps.settings);
  await enqueueAnalysis(db, deps.queues.analysis, { kind: "report", reportId: report.id, generation: report.generation });
  return report;
}

/**
 * Updates a report and, with `update=1`, queues its regeneration, as PUT/PATCH /api/v1/reports/{id} and the MCP's
 * regenerate_report both do.
 */
export async function storeReportUpdate(db: Db, accountId: number, id: number, input: UpdateReportInput, deps: ReportWriteDeps) {
  requireRendering(deps.browser, input.render);
  const updated = await updateReport(db, accountId, id, input, deps.settings);
  if (updated.regenerate) await enqueueAnalysis(db, deps.queues.analysis, { kind: "report", reportId: updated.report.id, generation: updated.report.generation });
  return updated;
}

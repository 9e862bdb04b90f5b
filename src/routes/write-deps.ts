import type { Context } from "hono";
import type { AppEnv } from "../env";
import { browserBinding } from "../render/availability";
import type { ReportWriteDeps } from "../reports/store-report";

/** What a report write needs beyond the request's db, taken from its settings and bindings (the API and /mcp). */
export const reportWriteDeps = <E extends AppEnv>(c: Context<E>): ReportWriteDeps => ({
  settings: c.var.settings,
  analysisQueue: c.env.ANALYSIS_QUEUE,
  browser: browserBinding(c.env),
});

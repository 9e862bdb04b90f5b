import type { Context } from "hono";
import type { CrawlWriteDeps } from "../crawls/store-crawl";
import type { AppEnv } from "../env";
import { browserBinding } from "../render/availability";
import type { ReportWriteDeps } from "../reports/store-report";

/** What report and crawl writes need beyond the request's db, taken from its settings and bindings (the API and /mcp). */
export const writeDeps = <E extends AppEnv>(c: Context<E>): ReportWriteDeps & CrawlWriteDeps => ({
  settings: c.var.settings,
  analysisQueue: c.env.ANALYSIS_QUEUE,
  crawlQueue: c.env.CRAWL_QUEUE,
  browser: browserBinding(c.env, c.var.settings),
});

import type { Context } from "hono";
import type { CrawlWriteDeps } from "../crawls/store-crawl";
import type { AppEnv } from "../env";
import { queuesOf } from "../queues";
import { browserBinding } from "../render/availability";
import type { ReportWriteDeps } from "../reports/store-report";

/** What report and crawl writes need beyond the request's db, taken from its settings and bindings (the API and /mcp). */
export const writeDeps = <E extends AppEnv>(c: Context<E>): ReportWriteDeps & CrawlWriteDeps => ({
  settings: c.var.settings,
  queues: queuesOf(c.env),
  browser: browserBinding(c.env, c.var.settings),
});

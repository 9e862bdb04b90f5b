import { Hono } from "hono";
import type { AppEnv } from "../env";
import { sendCrawlPage } from "../page/crawl-page";
import { sendErrorPage } from "../page/error-page";
import { sendHomePage } from "../page/home-page";
import { sendReportPage } from "../page/report-page";
import { findCrawlById } from "../crawls/find-crawl";
import { findReportById } from "../reports/find-report";
import { sharedPageRoutes } from "./shared-pages";

export const pageRoutes = new Hono<AppEnv>()
  .get("/", (c) => sendHomePage(c))
  .route(
    "/",
    sharedPageRoutes({
      kind: "report",
      find: async (db, id) => {
        const report = await findReportById(db, id);
        return report && { ...report, kind: "report" as const };
      },
      render: (c, report, options) => sendReportPage(c, report, options),
    }),
  )
  .route(
    "/",
    sharedPageRoutes({
      kind: "crawl",
      find: async (db, id) => {
        const crawl = await findCrawlById(db, id);
        return crawl && { ...crawl, kind: "crawl" as const };
      },
      render: (c, crawl, options) => sendCrawlPage(c, crawl, options),
    }),
  )
  .onError(sendErrorPage);

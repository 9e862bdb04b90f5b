import { Hono } from "hono";
import { findCrawlById } from "../crawls/find-crawl";
import type { AppEnv } from "../env";
import { sendCrawlPage } from "../page/crawl-page";
import { sendErrorPage } from "../page/error-page";
import { sendHomePage } from "../page/home-page";
import { sendReportPage } from "../page/report-page";
import { HistorySection } from "../page/components/score-trend";
import { ChangeTimeline } from "../page/components/change-timeline";
import { pageHistory } from "../history/since-last-audit";
import type { Db } from "../db/client";
import { pageSession, pageShard } from "../http/d1-session";
import { withSettings } from "../http/settings";
import type { Context } from "hono";
import type { SharedSubject } from "../page/shared-subject";
import type { Crawl } from "../db/schema";
import { findReportById } from "../reports/find-report";
import type { ReportRow } from "../reports/serialize";
import { sharedPageRoutes } from "./shared-pages";

type Kind<K extends SharedSubject["kind"]> = { kind: K };

/** A finder of rows, as the shared page's subject of that kind. */
const asSubject =
  <K extends SharedSubject["kind"], T>(kind: K, find: (db: Db, id: number) => Promise<T | undefined>) =>
  async (db: Db, id: number) => {
    const row = await find(db, id);
    return row ? { ...row, kind } : undefined;
  };

/** The report page with its score trend, what changed since the last audit, and the page's change timeline. */
async function renderReport(c: Context<AppEnv>, report: ReportRow, { noindex, db }: { noindex: boolean; db: Db }) {
  const { rows, since, changes } = await pageHistory(db, report.id);
  const history = (
    <>
      <HistorySection rows={rows} since={since} />
      <ChangeTimeline changes={changes} />
    </>
  );
  return sendReportPage(c, report, { noindex, history });
}

export const pageRoutes = new Hono<AppEnv>()
  .get("/", (c) => sendHomePage(c))
  .use("/reports/*", withSettings, pageShard, pageSession)
  .use("/crawls/*", withSettings, pageShard, pageSession)
  .route("/", sharedPageRoutes<ReportRow & Kind<"report">>({ kind: "report", find: asSubject("report", findReportById), render: renderReport }))
  .route("/", sharedPageRoutes<Crawl & Kind<"crawl">>({ kind: "crawl", find: asSubject("crawl", findCrawlById), render: sendCrawlPage }))
  .onError(sendErrorPage);

import { storeReport, storeReportUpdate } from "../reports/store-report";
import { z } from "zod";
import { findOnPrimaryIfMissing, findWhereItIs } from "../db/request-session";
import { notFound } from "../http/errors";
import { listHistory, findReportId } from "../history/list-history";
import { historyEntry } from "../history/schemas";
import { toHistoryEntry } from "../history/serialize";
import { findReport } from "../reports/find-report";
import { listReports } from "../reports/list-reports";
import { listReportsQuery, reportFields, storeReportBody, type StoreReportInput } from "../reports/schemas";
import { toReportResource, type ReportRow } from "../reports/serialize";
import { oneOf } from "../http/list-params";
import { device, idOf, page, pageFields, pageOf, render, perPage } from "./arguments";
import { describeReport, reportListItem, reportSummary, toReportSummary } from "./report-summary";
import { defineTool, type ToolContext } from "./tool";
import { waitForReport, waitingProgress } from "./wait-for-report";

const waitMessage = "The wait_seconds field must be an integer from 0 to 25.";
const reportId = z.object({ id: idOf("report") });
const summaryOf = (row: ReportRow, ctx: ToolContext, allChecks = false) =>
  toReportSummary(toReportResource(row, ctx.origin), { allChecks });

const auditPage = defineTool({
  name: "audit_page",
  title: "Audit a page",
  description:
    "Runs a new SEO audit of one web page (title, meta tags, headings, links, performance and security checks) and " +
    "waits for it, up to wait_seconds: returns the score and every failed check with how to fix it. Use it when the " +
    "user asks how a page does, or after they changed it. If the wait ends first you get the report's id and status: " +
    "then call get_report with that id. With render=1 it also measures page experience (LCP, CLS, TBT in `metrics`, " +
    "judged by the performance checks). Not for a page audited before (use get_report or list_reports), nor for a " +
    "whole site (use start_crawl).",
  input: z.object({
    url: storeReportBody.shape.url,
    wait_seconds: z.int({ error: waitMessage }).min(0, waitMessage).max(25, waitMessage).default(20),
    privacy: storeReportBody.shape.privacy,
    password: storeReportBody.shape.password,
    render: render,
    device,
  }),
  output: reportSummary,
  annotations: { openWorldHint: true },
  async run({ wait_seconds, ...body }, ctx, progress) {
    const input = { ...body, schedule: "none" } as StoreReportInput;
    const created = await storeReport(ctx.db, ctx.accountId, input, ctx.writes);
    const report = (await waitForReport(ctx.session.primary(), ctx.accountId, created.id, wait_seconds, progress ? waitingProgress(created.id, wait_seconds, progress) : undefined)) ?? created;
    const data = summaryOf(report, ctx);
    return { data, text: describeReport(data) };
  },
});

const getReport = defineTool({
  name: "get_report",
  title: "Get a report",
  description:
    "One of the user's reports by id: status, score, and the failed checks with their fixes (include=all_checks " +
    "adds every check's verdict). Use it to poll a report audit_page or regenerate_report left queued, or to read " +
    "one the user names. Not to find a report by its URL: use list_reports with search.",
  input: reportId.extend({ include: oneOf("include", ["summary", "all_checks"]).default("summary") }),
  output: reportSummary,
  annotations: { readOnlyHint: true },
  async run({ id, include }, ctx) {
    const report = (await findOnPrimaryIfMissing(ctx.session, (db) => findReport(db, ctx.accountId, id))) ?? notFound();
    const data = summaryOf(report, ctx, include === "all_checks");
    return { data, text: describeReport(data) };
  },
});

const q = listReportsQuery.shape;

/** The list leaves out each report's checks, so it does not read or decode them either. */
const withoutResults = reportFields.filter((field) => field !== "results");

const listReportsTool = defineTool({
  name: "list_reports",
  title: "List reports",
  description:
    "The user's reports, newest first by default: id, url, status, score and issue counts, without the checks. Use " +
    "it to find a report's id (search matches part of the URL), to see a project's pages, or the worst ones " +
    "(sort_by=score, sort=asc). Then use get_report for one report's failed checks. Not to audit anything new.",
  input: z.object({ search: q.search, project: q.project, result: q.result, sort_by: q.sort_by, sort: q.sort, page, per_page: perPage }),
  output: pageOf("reports", reportListItem),
  annotations: { readOnlyHint: true },
  async run(args, ctx) {
    const { rows, total, page } = await listReports(ctx.db, ctx.accountId, { ...args, search_by: "url", fields: withoutResults, format: undefined });
    const reports = rows.map((row) => {
      const { results: _results, ...item } = toReportResource(row, ctx.origin);
      return item;
    });
    const text = `${total} report${total === 1 ? "" : "s"}; page ${page.page} shows ${reports.length}: ${reports.map((r) => `${r.id} ${r.url} (${r.status}${r.score === null ? "" : `, ${r.score}`})`).join("; ") || "none"}.`;
    return { data: { reports, ...pageFields(total, page) }, text };
  },
});

const regenerateReport = defineTool({
  name: "regenerate_report",
  title: "Audit a report's page again",
  description:
    "Queues a fresh audit of an existing report's page (the API's update=1) and returns at once with status queued; " +
    "the score history keeps the earlier result. Use it when the user fixed a page they audited before. Then poll " +
    "with get_report, and compare with report_history. Not for a page never audited: use audit_page.",
  input: reportId,
  output: reportSummary,
  annotations: { idempotentHint: false },
  async run({ id }, ctx) {
    const { report } = await storeReportUpdate(ctx.db, ctx.accountId, id, { update: 1 }, ctx.writes);
    const data = summaryOf(report, ctx);
    return { data, text: describeReport(data) };
  },
});

const reportHistory = defineTool({
  name: "report_history",
  title: "A report's history",
  description:
    "Every audit of one report, newest first, ten a page: score, failed check ids, and what changed against the " +
    "audit before (score delta, newly failed and newly passed checks). Use it to answer whether a page got better " +
    "or worse, or what broke it. Not for the current failures with their fixes: use get_report.",
  input: reportId.extend({ page }),
  output: pageOf("entries", historyEntry),
  annotations: { readOnlyHint: true },
  async run({ id, page }, ctx) {
    const report = (await findWhereItIs(ctx.session, (db) => findReportId(db, ctx.accountId, id))) ?? notFound();
    const list = await listHistory(report.db, report.found.id, { page, per_page: 10, fields: undefined });
    const entries = list.entries.map(toHistoryEntry);
    const text = `Report ${id}: ${list.total} audit${list.total === 1 ? "" : "s"}; ${entries.map((e) => `generation ${e.generation} ${e.status}${e.score === null ? "" : ` ${e.score}`}${e.changes ? ` (${e.changes.score_delta >= 0 ? "+" : ""}${e.changes.score_delta})` : ""}`).join("; ") || "none yet"}.`;
    return { data: { entries, ...pageFields(list.total, list.page) }, text };
  },
});

export const reportTools = [auditPage, getReport, listReportsTool, regenerateReport, reportHistory];

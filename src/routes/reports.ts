import { Hono } from "hono";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { listEnvelope } from "../http/pagination";
import { validate, validateBody } from "../http/validation";
import { createReport } from "../reports/create-report";
import { deleteReport } from "../reports/delete-report";
import { enqueueAnalysis } from "../reports/enqueue-analysis";
import { findReport, readsResults } from "../reports/find-report";
import { listReports } from "../reports/list-reports";
import { listReportsQuery, reportIdParam, showReportQuery, storeReportBody, updateReportBody } from "../reports/schemas";
import { toReportResource } from "../reports/serialize";
import { updateReport } from "../reports/update-report";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { findOnPrimaryIfMissing } from "../db/request-session";
import { csvResponse, wantsCsv } from "../http/csv";
import { exportReports } from "../reports/export-reports";
import { config } from "../config";

const origin = (url: string) => new URL(url).origin;
const allowPrivate = (env: Env) => config(env).allowPrivateTargets;

export const reportRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listReportsQuery), async (c) => {
    const query = c.req.valid("query");
    if (wantsCsv(query.format, c.req.header("accept"))) return csvResponse(exportReports(c.var.db, c.var.caller.accountId, query), "reports.csv");
    const { rows, total, page } = await listReports(c.var.db, c.var.caller.accountId, query);
    const data = rows.map((row) => pickFields(toReportResource(row, origin(c.req.url)), query.fields));
    return c.json(listEnvelope(c, data, total, page));
  })
  .get("/:id", validate("param", reportIdParam), validate("query", showReportQuery), async (c) => {
    const { id } = c.req.valid("param");
    const { fields } = c.req.valid("query");
    const find = (db: Db) => findReport(db, c.var.caller.accountId, id, { results: readsResults(fields) });
    const report = await findOnPrimaryIfMissing(c.var.session, find);
    if (!report) return notFound();
    return c.json({ data: pickFields(toReportResource(report, origin(c.req.url)), fields), status: 200 });
  })
  .post("/", validateBody(storeReportBody), async (c) => {
    const report = await createReport(c.var.db, c.var.caller.accountId, c.req.valid("form"), allowPrivate(c.env));
    await enqueueAnalysis(c.var.db, c.env.ANALYSIS_QUEUE, { reportId: report.id, generation: report.generation });
    const resource = toReportResource(report, origin(c.req.url));
    c.header("Location", `${origin(c.req.url)}/api/v1/reports/${report.id}`);
    return c.json({ data: resource, status: 201 }, 201);
  })
  .on(["PUT", "PATCH"], "/:id", validate("param", reportIdParam), validateBody(updateReportBody), async (c) => {
    const { id } = c.req.valid("param");
    const { report, regenerate } = await updateReport(c.var.db, c.var.caller.accountId, id, c.req.valid("form"));
    if (regenerate) {
      await enqueueAnalysis(c.var.db, c.env.ANALYSIS_QUEUE, { reportId: report.id, generation: report.generation });
      return c.json({ data: toReportResource(report, origin(c.req.url)), status: 202 }, 202);
    }
    return c.json({ data: toReportResource(report, origin(c.req.url)), status: 200 });
  })
  .delete("/:id", validate("param", reportIdParam), async (c) => {
    const { id } = c.req.valid("param");
    await deleteReport(c.var.db, c.var.caller.accountId, id);
    return c.json({ id, object: "report", deleted: true, status: 200 });
  });

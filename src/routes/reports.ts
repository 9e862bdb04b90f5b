import { storeReport, storeReportUpdate } from "../reports/store-report";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook, withBody } from "../http/validation";
import { deleteReport } from "../reports/delete-report";
import { findReport, readsResults } from "../reports/find-report";
import { listReports } from "../reports/list-reports";
import {
  listReportsQuery, reportFieldsResource, reportIdParam, reportResource, showReportQuery, storeReportBody, updateReportBody,
} from "../reports/schemas";
import { toReportResource } from "../reports/serialize";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { findOnPrimaryIfMissing } from "../db/request-session";
import { csvResponse, wantsCsv } from "../http/csv";
import { exportReports, reportsCsvHeader } from "../reports/export-reports";
import { dataOf, deletedOf, errorResponses, locationHeader, ok, pageOf, quotaResponses, withCsv } from "../http/openapi-responses";
import { writeDeps } from "./write-deps";

const origin = (url: string) => new URL(url).origin;
const tags = ["reports"];

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listReports",
  summary: "List reports",
  description: "Filter by url substring, project or result; sort; page. `fields` picks the fields of each report.",
  tags,
  request: { query: listReportsQuery },
  responses: {
    200: withCsv(ok("A page of reports, or with format=csv / Accept: text/csv every matching report as CSV.", pageOf(reportFieldsResource)), reportsCsvHeader),
    ...errorResponses(422),
  },
});

const showRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "showReport",
  summary: "Show a report",
  tags,
  middleware: [pathFirst(reportIdParam)],
  request: { params: reportIdParam, query: showReportQuery },
  responses: { 200: ok("The report.", dataOf(reportFieldsResource, 200)), ...errorResponses(404, 422) },
});

const storeRoute = createRoute(
  withBody(storeReportBody, {
    method: "post",
    path: "/",
    operationId: "storeReport",
    summary: "Create a report",
    description: "Stores the report as queued and queues its analysis.",
    tags,
    responses: {
      201: ok("The queued report.", dataOf(reportResource, 201), locationHeader),
      ...errorResponses(413, 415, 422, 503),
      ...quotaResponses,
    },
  }),
);

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  operationId: "deleteReport",
  summary: "Delete a report",
  tags,
  middleware: [pathFirst(reportIdParam)],
  request: { params: reportIdParam },
  responses: { 200: ok("Deleted.", deletedOf("report", z.int())), ...errorResponses(404) },
});

const reportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

reportRoutes.openapi(listRoute, async (c) => {
  const query = c.req.valid("query");
  if (wantsCsv(query.format, c.req.header("accept"))) return csvResponse(exportReports(c.var.db, c.var.caller.accountId, query), "reports.csv");
  const { rows, total, page } = await listReports(c.var.db, c.var.caller.accountId, query);
  const data = rows.map((row) => pickFields(toReportResource(row, origin(c.req.url)), query.fields));
  return c.json(listEnvelope(c, data, total, page), 200);
});

reportRoutes.openapi(showRoute, async (c) => {
  const { id } = c.req.valid("param");
  const { fields } = c.req.valid("query");
  const find = (db: Db) => findReport(db, c.var.caller.accountId, id, { results: readsResults(fields) });
  const report = await findOnPrimaryIfMissing(c.var.session, find);
  if (!report) return notFound();
  return c.json({ data: pickFields(toReportResource(report, origin(c.req.url)), fields), status: 200 as const }, 200);
});

reportRoutes.openapi(storeRoute, async (c) => {
  const report = await storeReport(c.var.db, c.var.caller.accountId, c.var.body, writeDeps(c));
  const resource = toReportResource(report, origin(c.req.url));
  c.header("Location", `${origin(c.req.url)}/api/v1/reports/${report.id}`);
  return c.json({ data: resource, status: 201 as const }, 201);
});

// PUT and PATCH: the same operation under two methods, each with its own operationId.
function updateOperation(method: "put" | "patch", operationId: string, summary: string) {
  const route = createRoute(
    withBody(
      updateReportBody,
      {
        method,
        path: "/{id}",
        operationId,
        summary,
        description: "Without `update=1` it answers 200; with it, the report is queued again and it answers 202.",
        tags,
        request: { params: reportIdParam },
        responses: {
          200: ok("The updated report.", dataOf(reportResource, 200)),
          202: ok("The report, queued for regeneration.", dataOf(reportResource, 202)),
          ...errorResponses(404, 413, 415, 422, 503),
          ...quotaResponses,
        },
      },
      pathFirst(reportIdParam),
    ),
  );
  reportRoutes.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { report, regenerate } = await storeReportUpdate(c.var.db, c.var.caller.accountId, id, c.var.body, writeDeps(c));
    if (regenerate) return c.json({ data: toReportResource(report, origin(c.req.url)), status: 202 as const }, 202);
    return c.json({ data: toReportResource(report, origin(c.req.url)), status: 200 as const }, 200);
  });
}
updateOperation("put", "updateReport", "Update or regenerate a report");
updateOperation("patch", "patchReport", "Update or regenerate a report (PATCH)");

reportRoutes.openapi(deleteRoute, async (c) => {
  const { id } = c.req.valid("param");
  await deleteReport(c.var.db, c.var.caller.accountId, id);
  return c.json({ id, object: "report", deleted: true, status: 200 } as const, 200);
});

export { reportRoutes };

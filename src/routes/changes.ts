import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { findWhereItIs } from "../db/request-session";
import { changeFieldsResource, listChangesQuery, type ListChangesQuery } from "../history/change-schemas";
import { changesCsvHeader, exportChanges, findProject, listChanges, type ChangeLog } from "../history/list-changes";
import { findReportId } from "../history/list-history";
import { toChangeResource } from "../history/serialize-change";
import { csvResponse, wantsCsv } from "../http/csv";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { errorResponses, ok, pageOf, withCsv } from "../http/openapi-responses";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook } from "../http/validation";
import { projectParam } from "../projects/schemas";
import { reportIdParam } from "../reports/schemas";
import type { Db } from "../db/client";
import type { Context } from "hono";

const tags = ["changes"];
const listed = (what: string) =>
  withCsv(ok(`A page of ${what}, newest first, or all of them as CSV.`, pageOf(changeFieldsResource)), changesCsvHeader);

const reportChangesRoute = createRoute({
  method: "get",
  path: "/reports/{id}/changes",
  operationId: "listReportChanges",
  summary: "List what changed on a report's page",
  description:
    "Each difference between two consecutive completed generations (title, description, H1, canonical, robots, indexable, status, " +
    "redirect target, hreflang, structured-data types, word count, text), with its severity. `severity` keeps that severity and above.",
  tags,
  middleware: [pathFirst(reportIdParam)],
  request: { params: reportIdParam, query: listChangesQuery },
  responses: { 200: listed("the report's changes"), ...errorResponses(404, 422) },
});

const projectChangesRoute = createRoute({
  method: "get",
  path: "/projects/{project}/changes",
  operationId: "listProjectChanges",
  summary: "List what changed across a project",
  description: "The changes of every report of the project (its host), and of its robots.txt when watched, newest first.",
  tags,
  middleware: [pathFirst(projectParam)],
  request: { params: projectParam, query: listChangesQuery },
  responses: { 200: listed("the project's changes"), ...errorResponses(404, 422) },
});

export const changeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

/** The log as a page of the list shape, or as CSV. */
async function answer(c: Context<AppEnv>, db: Db, log: ChangeLog, query: ListChangesQuery, filename: string) {
  if (wantsCsv(query.format, c.req.header("accept"))) return csvResponse(exportChanges(db, log, query), filename);
  const { rows, total, page } = await listChanges(db, log, query);
  return c.json(listEnvelope(c, rows.map((row) => pickFields(toChangeResource(row), query.fields)), total, page), 200);
}

changeRoutes.openapi(reportChangesRoute, async (c) => {
  const query = c.req.valid("query");
  // A report just created may not be on the replica yet: the primary is asked before a 404, and read from then.
  const report = await findWhereItIs(c.var.session, (db) => findReportId(db, c.var.caller.accountId, c.req.valid("param").id));
  if (!report) return notFound();
  return answer(c, report.db, { reportId: report.found.id }, query, `report-${report.found.id}-changes.csv`);
});

changeRoutes.openapi(projectChangesRoute, async (c) => {
  const query = c.req.valid("query");
  const { project } = c.req.valid("param");
  const found = await findProject(c.var.db, c.var.caller.accountId, project);
  if (!found) return notFound();
  const log = { accountId: c.var.caller.accountId, project: found.name };
  return answer(c, c.var.db, log, query, `${found.name}-changes.csv`);
});

import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { findWhereItIs } from "../db/request-session";
import { findReportId, listHistory } from "../history/list-history";
import { notFound } from "../http/errors";
import { historyFieldsEntry, listHistoryQuery } from "../history/schemas";
import { toHistoryEntry } from "../history/serialize";
import { pickFields } from "../http/fields";
import { errorResponses, ok, pageOf } from "../http/openapi-responses";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook } from "../http/validation";
import { reportIdParam } from "../reports/schemas";

const listRoute = createRoute({
  method: "get",
  path: "/{id}/history",
  operationId: "listReportHistory",
  summary: "List a report's generations",
  description: "Newest first, each with what it changed against the previous completed generation.",
  tags: ["history"],
  middleware: [pathFirst(reportIdParam)],
  request: { params: reportIdParam, query: listHistoryQuery },
  responses: { 200: ok("A page of history entries.", pageOf(historyFieldsEntry)), ...errorResponses(404, 422) },
});

export const historyRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

historyRoutes.openapi(listRoute, async (c) => {
  const query = c.req.valid("query");
  // A report just created may not be on the replica yet: the primary is asked before a 404, and read from then.
  const report = await findWhereItIs(c.var.session, (db) => findReportId(db, c.var.caller.accountId, c.req.valid("param").id));
  if (!report) return notFound();
  const { entries, total, page } = await listHistory(report.db, report.found.id, query);
  return c.json(listEnvelope(c, entries.map((entry) => pickFields(toHistoryEntry(entry), query.fields)), total, page), 200);
});

import { Hono } from "hono";
import type { AppEnv } from "../env";
import { findWhereItIs } from "../db/request-session";
import { findReportId, listHistory } from "../history/list-history";
import { notFound } from "../http/errors";
import { listHistoryQuery } from "../history/schemas";
import { toHistoryEntry } from "../history/serialize";
import { pickFields } from "../http/fields";
import { listEnvelope } from "../http/pagination";
import { validate } from "../http/validation";
import { reportIdParam } from "../reports/schemas";

export const historyRoutes = new Hono<AppEnv>().get(
  "/:id/history",
  validate("param", reportIdParam),
  validate("query", listHistoryQuery),
  async (c) => {
    const query = c.req.valid("query");
    // A report just created may not be on the replica yet: the primary is asked before a 404, and read from then.
    const report = await findWhereItIs(c.var.session, (db) => findReportId(db, c.var.caller.accountId, c.req.valid("param").id));
    if (!report) return notFound();
    const { entries, total, page } = await listHistory(report.db, report.found.id, query);
    return c.json(listEnvelope(c, entries.map((entry) => pickFields(toHistoryEntry(entry), query.fields)), total, page));
  },
);

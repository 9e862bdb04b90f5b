import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listHistory } from "../history/list-history";
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
    const { entries, total, page } = await listHistory(c.var.db, c.var.caller.accountId, c.req.valid("param").id, query);
    return c.json(listEnvelope(c, entries.map((entry) => pickFields(toHistoryEntry(entry), query.fields)), total, page));
  },
);

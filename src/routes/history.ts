import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listHistory } from "../history/list-history";
import { listHistoryQuery } from "../history/schemas";
import { toHistoryEntry } from "../history/serialize";
import { listEnvelope } from "../http/pagination";
import { validate } from "../http/validation";
import { reportIdParam } from "../reports/schemas";

export const historyRoutes = new Hono<AppEnv>().get(
  "/:id/history",
  validate("param", reportIdParam),
  validate("query", listHistoryQuery),
  async (c) => {
    const { entries, total, page } = await listHistory(c.var.db, c.var.caller.accountId, c.req.valid("param").id, c.req.valid("query"));
    return c.json(listEnvelope(c, entries.map(toHistoryEntry), total, page));
  },
);

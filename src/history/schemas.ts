import { z } from "zod";
import { fieldsParam } from "../http/fields";
import { listParams } from "../http/list-params";

/** A history entry's fields, in its order (src/history/serialize.ts), for `fields=`; its key is the generation. */
export const historyFields = ["generation", "status", "score", "result", "issues", "failed_checks", "error", "generated_at", "changes"] as const;

export const listHistoryQuery = z.object({ per_page: listParams.per_page, page: listParams.page, fields: fieldsParam(historyFields) });
export type ListHistoryQuery = z.output<typeof listHistoryQuery>;

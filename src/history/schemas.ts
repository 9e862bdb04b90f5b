import { z } from "zod";
import { listParams } from "../http/list-params";

export const listHistoryQuery = z.object({ per_page: listParams.per_page, page: listParams.page });
export type ListHistoryQuery = z.output<typeof listHistoryQuery>;

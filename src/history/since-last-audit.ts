import { checksById } from "../analysis/checks/index";
import type { ChangeRow, HistoryRow } from "../db/schema";
import type { Db } from "../db/client";
import { changesBetween } from "./changes";
import { recentChanges } from "./list-changes";
import { completedHistory } from "./list-history";

export const TREND_LENGTH = 20;
/** The report page's change timeline shows this many, newest first. */
export const TIMELINE_LENGTH = 20;

const titleOf = (id: string) => checksById.get(id)?.title ?? id;

/** What the report page shows of a report's history: the last completed generations, the latest change, the last changes. */
export async function pageHistory(db: Db, reportId: number) {
  const [rows, timeline]: [HistoryRow[], ChangeRow[]] = await Promise.all([completedHistory(db, reportId, TREND_LENGTH), recentChanges(db, reportId, TIMELINE_LENGTH)]);
  const changes = rows.length >= 2 ? changesBetween(rows.at(-1)!, rows.at(-2)) : null;
  const since = changes && {
    scoreDelta: changes.score_delta,
    newlyFailing: changes.newly_failed.map(titleOf),
    newlyFixed: changes.newly_passed.map(titleOf),
  };
  return { rows, since, changes: timeline };
}

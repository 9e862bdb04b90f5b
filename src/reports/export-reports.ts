import { and, asc, desc, gt, lt } from "drizzle-orm";
import { reports } from "../db/schema";
import type { Db } from "../db/client";
import { csvStream, type CsvColumn } from "../http/csv";
import { ApiError } from "../http/errors";
import { verdictColumns } from "./csv-columns";
import { selectReports, withResults } from "./find-report";
import { reportFilters } from "./list-reports";
import type { ListReportsQuery } from "./schemas";
import type { ReportRow } from "./serialize";

const importanceRank = { high: 0, medium: 1, low: 2 } as const;

/** Failed checks, most important first, as `id;id;...`. */
function failedChecks(row: ReportRow): string {
  if (!row.results) return "";
  return Object.entries(row.results)
    .filter(([, entry]) => !entry.passed)
    .sort(([, a], [, b]) => importanceRank[a.importance] - importanceRank[b.importance])
    .map(([id]) => id)
    .join(";");
}

const columns: CsvColumn<ReportRow>[] = [
  { header: "id", value: (r) => r.id },
  { header: "url", value: (r) => r.url },
  { header: "final_url", value: (r) => r.finalUrl },
  { header: "project", value: (r) => r.project },
  ...verdictColumns<ReportRow>(),
  { header: "failed_checks", value: failedChecks },
  { header: "generated_at", value: (r) => r.generatedAt },
  { header: "created_at", value: (r) => r.createdAt },
];

export const reportsCsvHeader = columns.map((c) => c.header).join(",");

/**
 * Every report of the account that matches the list filters, as CSV, in id order (`sort`). Keyset pages on id
 * walk the account's id index (or the project's range), so the 1,000th page costs what the first does.
 */
export function exportReports(db: Db, accountId: number, query: ListReportsQuery): ReadableStream<Uint8Array> {
  if (query.sort_by !== "id") {
    const message = "The sort_by field must be id for a CSV export (it lists every report in id order).";
    throw new ApiError(422, message, { sort_by: [message] });
  }
  const ascending = query.sort === "asc";
  const where = reportFilters(accountId, query, { scoreIndex: false });
  return csvStream({
    columns,
    nextPage: async (after, limit) => {
      const rows = await selectReports(db)
        .where(after ? and(where, ascending ? gt(reports.id, after.id) : lt(reports.id, after.id)) : where)
        .orderBy(ascending ? asc(reports.id) : desc(reports.id))
        .limit(limit);
      return rows.map((row) => withResults(row));
    },
  });
}

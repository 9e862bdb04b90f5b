import { and, asc, eq, gt } from "drizzle-orm";
import { crawlPages, reports } from "../db/schema";
import type { Db } from "../db/client";
import { csvStream, type CsvColumn } from "../http/csv";
import { verdictColumns } from "../reports/csv-columns";
import { crawlPagesWhere, listedPageColumns } from "./list-crawl-pages";
import type { ListCrawlPagesQuery } from "./schemas";
import { foundViaOf } from "../site/terms";

type PageRow = Awaited<ReturnType<ReturnType<typeof selectPages>["all"]>>[number];

// What an audit of a site needs from each page and its report; the page's facts and the report's stored results
// stay unread (most of the bytes).
export const selectPages = (db: Db) =>
  db
    .select({
      ...listedPageColumns,
      status: reports.status,
      score: reports.score,
      result: reports.result,
      issuesHigh: reports.issuesHigh,
      issuesMedium: reports.issuesMedium,
      issuesLow: reports.issuesLow,
      errorCode: reports.errorCode,
      finalUrl: reports.finalUrl,
      generatedAt: reports.generatedAt,
    })
    .from(crawlPages)
    .leftJoin(reports, eq(reports.id, crawlPages.reportId));

const columns: CsvColumn<PageRow>[] = [
  { header: "url", value: (r) => r.url },
  { header: "state", value: (r) => r.state },
  { header: "depth", value: (r) => r.depth },
  { header: "in_sitemap", value: (r) => r.inSitemap },
  { header: "found_via", value: (r) => foundViaOf(r) },
  { header: "report", value: (r) => r.reportId },
  ...verdictColumns<PageRow>(),
  { header: "error", value: (r) => r.errorCode },
  { header: "final_url", value: (r) => r.finalUrl },
  { header: "generated_at", value: (r) => r.generatedAt },
];

export const crawlPagesCsvHeader = columns.map((c) => c.header).join(",");

/**
 * Every page of a crawl the caller owns (checked before) that matches `state` and `found_via`, with its report's figures, as CSV in
 * discovery order. Keyset pages on the page id walk the crawl's (crawl, state, id) index or its id range.
 */
export function exportCrawlPages(db: Db, crawlId: number, query: ListCrawlPagesQuery): ReadableStream<Uint8Array> {
  const where = crawlPagesWhere(crawlId, query);
  return csvStream({
    columns,
    nextPage: (after, limit) =>
      selectPages(db)
        .where(after ? and(where, gt(crawlPages.id, after.id)) : where)
        .orderBy(asc(crawlPages.id))
        .limit(limit),
  });
}

import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import { crawlPageFailures, crawlPages, reports, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { csvStream, type CsvColumn } from "../http/csv";
import { offsetOf, type PageRequest } from "../http/pagination";
import { decodeResults } from "../reports/results-codec";
import type { SiteVerdict } from "../site/checks/types";
import { siteExampleUrls } from "../site/issues/issue-rows";

type FailureRow = { id: number; url: string; reportId: number | null; results: unknown; generation: number | null; audited: number | null };

/** One page failing a check, as GET /crawls/{id}/issues/{check} answers it. */
export type IssuePage = {
  url: string | null;
  report: number | null;
  /** The report still holds the generation this crawl audited (a later crawl or regeneration replaces it). */
  current: boolean;
  value: unknown;
  errors: Record<string, unknown> | null;
};

// The page's report's results, decoded one page of rows at a time. A report is the account's one report of its URL,
// so a later crawl of the same page regenerates it: the value and errors are then no longer this crawl's and are left
// out (null, current false) rather than shown beside a failure they may contradict.
const selectFailing = (db: Db, crawlId: number, check: string) => ({
  query: db
    .select({
      id: crawlPages.id,
      url: crawlPages.url,
      reportId: crawlPages.reportId,
      results: reports.results,
      // Aliased: D1 hands rows back as objects, where two columns of one name would collide.
      generation: sql<number | null>`${reports.generation}`.as("report_generation"),
      audited: sql<number | null>`${crawlPages.generation}`.as("audited_generation"),
    })
    .from(crawlPageFailures)
    .innerJoin(crawlPages, eq(crawlPages.id, crawlPageFailures.crawlPageId))
    .leftJoin(reports, eq(reports.id, crawlPages.reportId))
    .$dynamic(),
  where: and(eq(crawlPageFailures.crawlId, crawlId), eq(crawlPageFailures.checkId, check)),
});

function issuePageOf(row: FailureRow, check: string): IssuePage {
  const current = row.generation !== null && row.generation === row.audited;
  const result = current ? decodeResults(row.results as Parameters<typeof decodeResults>[0])?.[check] : undefined;
  return { url: row.url, report: row.reportId, current, value: result?.value ?? null, errors: result?.errors ?? null };
}

/** The pages of a crawl (the caller's, checked before) failing a page check, in discovery order. */
export async function listPageCheckFailures(db: Db, crawlId: number, check: string, page: PageRequest) {
  const { query, where } = selectFailing(db, crawlId, check);
  // The offset is taken over the failures' key alone: offset over the join would read every skipped page's report.
  const onPage = db
    .select({ id: crawlPageFailures.crawlPageId })
    .from(crawlPageFailures)
    .where(where)
    .orderBy(asc(crawlPageFailures.crawlPageId))
    .limit(page.perPage)
    .offset(offsetOf(page));
  const [rows, [total]] = await db.batch([
    query.where(and(where, inArray(crawlPageFailures.crawlPageId, onPage))).orderBy(asc(crawlPageFailures.crawlPageId)),
    db.select({ n: count() }).from(crawlPageFailures).where(where),
  ]);
  return { rows: rows.map((row) => issuePageOf(row, check)), total: total?.n ?? 0 };
}

/** A site check's examples as issue pages: it has no page rows, only the (at most 20) problems its verdict kept. */
export function siteCheckExamples(crawl: Crawl, check: string, page: PageRequest) {
  const verdict = (crawl.siteChecks as Record<string, SiteVerdict> | null)?.[check];
  const failing = verdict && verdict.applicable && !verdict.passed ? verdict.examples : [];
  const rows = failing.slice(offsetOf(page), offsetOf(page) + page.perPage).map(
    (example): IssuePage => ({ url: siteExampleUrls([example], 1)[0] ?? null, report: null, current: true, value: example, errors: null }),
  );
  return { rows, total: failing.length };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const columns: CsvColumn<IssuePage>[] = [
  { header: "url", value: (r) => r.url },
  { header: "report", value: (r) => r.report },
  { header: "current", value: (r) => r.current },
  { header: "value", value: (r) => json(r.value) },
  { header: "errors", value: (r) => json(r.errors) },
];

export const issuePagesCsvHeader = columns.map((c) => c.header).join(",");

/** Every page failing a page check as CSV, keyset-paged on the page id (one page of decoded results in memory). */
export function exportPageCheckFailures(db: Db, crawlId: number, check: string): ReadableStream<Uint8Array> {
  const { query, where } = selectFailing(db, crawlId, check);
  return csvStream<IssuePage & { id: number }>({
    columns,
    nextPage: async (after, limit) => {
      const rows = await query
        .where(after ? and(where, gt(crawlPageFailures.crawlPageId, after.id)) : where)
        .orderBy(asc(crawlPageFailures.crawlPageId))
        .limit(limit);
      return rows.map((row) => ({ id: row.id, ...issuePageOf(row, check) }));
    },
  });
}

/** A site check's examples as CSV. */
export function exportSiteCheckExamples(crawl: Crawl, check: string): ReadableStream<Uint8Array> {
  const { rows } = siteCheckExamples(crawl, check, { page: 1, perPage: Number.MAX_SAFE_INTEGER });
  return csvStream<IssuePage>({ columns, nextPage: async (after) => (after ? [] : rows) });
}

import { judgeField } from "../analysis/checks/core-web-vitals";
import type { Crawl, CrawlPage } from "../db/schema";
import { foundViaOf } from "../site/terms";

export type PageCounts = { audited: number; failed: number; blocked: number; pending: number };

export const noPages: PageCounts = { audited: 0, failed: 0, blocked: 0, pending: 0 };

/** The crawl resource of docs/crawls.md. The password never leaves the database. */
export function toCrawlResource(row: Crawl, counts: PageCounts, origin: string) {
  return {
    id: row.id,
    project: row.project,
    url: row.url,
    source: row.source,
    status: row.status,
    limit: row.limit,
    schedule: row.schedule,
    privacy: row.privacy,
    render: row.render,
    rate: row.rate,
    current_rate: row.currentRate,
    current_interval_ms: Math.max(row.intervalMs, row.currentIntervalMs),
    password: row.passwordHash !== null,
    auth: row.authSummary ?? null,
    // A pruned crawl's page rows are gone: its counts are those stored when they went.
    pages: { found: row.found, ...counts, ...(row.issueSummary?.pages as Partial<PageCounts> | undefined), skipped: row.skipped },
    truncated: row.truncated,
    score: row.score,
    result: row.result,
    site_checks: row.siteChecks ?? null,
    // The origin's field data judged as core_web_vitals judges a page's; null until discovery asked.
    field: row.field ? judgeField(row.field) : null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    previous_id: row.previousId,
    page_url: `${origin}/crawls/${row.id}`,
    created_at: row.createdAt,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    pruned_at: row.prunedAt,
  };
}

export const toCrawlPageResource = (row: Pick<CrawlPage, "url" | "state" | "depth" | "inSitemap" | "linked" | "reportId">) => ({
  url: row.url,
  state: row.state,
  depth: row.depth,
  in_sitemap: row.inSitemap,
  found_via: foundViaOf(row),
  report: row.reportId,
});

export type CrawlResource = ReturnType<typeof toCrawlResource>;

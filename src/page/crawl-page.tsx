import type { Context } from "hono";
import { CRAWL_PAGE_SIZE, crawlPageRows } from "../crawls/crawl-page-rows";
import { crawlPageStats } from "../crawls/crawl-page-stats";
import { pageCounts } from "../crawls/find-crawl";
import { siteChecks } from "../site/checks/index";
import { noPages } from "../crawls/serialize";
import type { Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { CrawlView } from "./components/crawl-view";
import { hostOf } from "./components/report-view";
import { Layout } from "./components/layout";
import { REFRESH_SECONDS } from "./report-page";
import { sendPage } from "./respond";
import { crawlIssues } from "../crawls/list-crawl-issues";

/** The `?page=` asked for, 1 when absent or not a positive whole number. */
const pageNumber = (raw: string | undefined) => (raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1);

/**
 * The site view of a crawl: the page to send a client, its pages 100 a screen (`?page=`). Reloads itself while the
 * crawl runs. Counts and charts come from grouped queries, so its size and cost do not grow with the crawl.
 */
export async function sendCrawlPage(c: Context, crawl: Crawl, { noindex, db }: { noindex: boolean; db: Db }) {
  const page = pageNumber(c.req.query("page"));
  const [counts, rows, stats] = await Promise.all([pageCounts(db, [crawl.id]), crawlPageRows(db, crawl.id, page), crawlPageStats(db, crawl.id)]);
  const pageCount = Math.max(1, Math.ceil(stats.depths.reduce((a, b) => a + b, 0) / CRAWL_PAGE_SIZE));
  // The issues of a completed crawl, page and site checks together, as GET /api/v1/crawls/{id}/issues counts them.
  const issues = crawl.status === "completed" ? await crawlIssues(db, crawl) : [];
  const running = crawl.status === "discovering" || crawl.status === "running";
  const host = hostOf(crawl.url);
  return sendPage(
    c,
    <Layout
      title={`Site audit of ${host}${crawl.score !== null ? `: ${crawl.score}/100` : ""} · Pagegrade`}
      description={`SEO audit of ${crawl.found} pages of ${host}, with the problems only the whole site shows.`}
      canonical={`${new URL(c.req.url).origin}/crawls/${crawl.id}${page > 1 ? `?page=${page}` : ""}`}
      noindex={noindex}
      refreshSeconds={running ? REFRESH_SECONDS : undefined}
    >
      <CrawlView
        crawl={crawl}
        counts={counts.get(crawl.id) ?? noPages}
        checks={siteChecks}
        rows={rows}
        page={page}
        pageCount={pageCount}
        stats={stats}
        issues={issues}
      />
    </Layout>,
  );
}

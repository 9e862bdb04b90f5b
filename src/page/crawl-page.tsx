import type { Context } from "hono";
import { crawlPageRows } from "../crawls/crawl-page-rows";
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

/** The site view of a crawl: the page to send a client. Reloads itself while the crawl runs. */
export async function sendCrawlPage(c: Context, crawl: Crawl, { noindex, db }: { noindex: boolean; db: Db }) {
  const [counts, rows] = await Promise.all([pageCounts(db, [crawl.id]), crawlPageRows(db, crawl.id)]);
  const running = crawl.status === "discovering" || crawl.status === "running";
  const host = hostOf(crawl.url);
  return sendPage(
    c,
    <Layout
      title={`Site audit of ${host}${crawl.score !== null ? `: ${crawl.score}/100` : ""} · Pagegrade`}
      description={`SEO audit of ${crawl.found} pages of ${host}, with the problems only the whole site shows.`}
      canonical={`${new URL(c.req.url).origin}/crawls/${crawl.id}`}
      noindex={noindex}
      refreshSeconds={running ? REFRESH_SECONDS : undefined}
    >
      <CrawlView crawl={crawl} counts={counts.get(crawl.id) ?? noPages} checks={siteChecks} rows={rows} />
    </Layout>,
  );
}

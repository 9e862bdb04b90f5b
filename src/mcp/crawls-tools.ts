import { storeCrawl } from "../crawls/store-crawl";
import { z } from "zod";
import { crawlResourceOf, findCrawlNearOrOnPrimary } from "../crawls/find-crawl";
import { listWorstPages } from "../crawls/list-worst-pages";
import { crawlPageResource, crawlResource, listCrawlPagesQuery, storeCrawlBody, type StoreCrawlInput } from "../crawls/schemas";
import { noPages, toCrawlPageResource, toCrawlResource, type CrawlResource } from "../crawls/serialize";
import { notFound } from "../http/errors";
import { reportResource } from "../reports/schemas";
import { idOf, page, pageFields, pageOf, rate, render } from "./arguments";
import { requirePageRows } from "../crawls/pruned";
import { defineTool, type ToolContext } from "./tool";

const crawlId = z.object({ id: idOf("crawl") });
// The resource's schema carries an OpenAPI id, which would turn the tool's JSON Schema into a bare $ref: a copy has none.
const crawlOutput = z.object(crawlResource.shape);
const PAGES_PER_CALL = 25;

const findOrThrow = async (ctx: ToolContext, id: number) => (await findCrawlNearOrOnPrimary(ctx.session, ctx.accountId, id)) ?? notFound();

function describeCrawl(crawl: CrawlResource): string {
  const head = `Crawl ${crawl.id} of ${crawl.url}: ${crawl.status}, ${crawl.pages.found} pages found, ${crawl.pages.audited} audited`;
  if (crawl.status === "discovering" || crawl.status === "running") return `${head}; call get_crawl with id ${crawl.id} later for the result.`;
  const failing = Object.entries(crawl.site_checks ?? {}).filter(([, v]) => "passed" in v && !v.passed).map(([id]) => id);
  const checks = crawl.site_checks ? `; site checks failed: ${failing.join(", ") || "none"}` : "";
  return `${head}${crawl.score === null ? "" : `, average score ${crawl.score}`}${checks}. Pages, worst first: list_crawl_pages with id ${crawl.id}.`;
}

const startCrawl = defineTool({
  name: "start_crawl",
  title: "Audit a whole site",
  description:
    "Starts a crawl: finds a site's pages from its sitemaps or by following its links (up to limit pages), audits " +
    "every page, then runs site-wide checks (broken links, duplicate titles, orphan pages...). Takes minutes and " +
    "returns at once with status discovering: poll with get_crawl, then read the worst pages with list_crawl_pages. " +
    "Use it when the user asks about a whole site. Not for one page: use audit_page.",
  input: z.object({ url: storeCrawlBody.shape.url, source: storeCrawlBody.shape.source, limit: storeCrawlBody.shape.limit, render: render, rate }),
  output: crawlOutput,
  annotations: { openWorldHint: true },
  async run(args, ctx) {
    const crawl = await storeCrawl(ctx.db, ctx.accountId, { ...args, privacy: 0, schedule: "none" } as StoreCrawlInput, ctx.writes);
    const data = toCrawlResource(crawl, noPages, ctx.origin);
    return { data, text: describeCrawl(data) };
  },
});

const getCrawl = defineTool({
  name: "get_crawl",
  title: "Get a crawl",
  description:
    "One of the user's crawls by id: status, page counts, average score, and once completed the site-wide checks " +
    "with examples of each problem. Use it to poll a crawl start_crawl began. Not for its pages one by one: use " +
    "list_crawl_pages.",
  input: crawlId,
  output: crawlOutput,
  annotations: { readOnlyHint: true },
  async run({ id }, ctx) {
    const { found, db } = await findOrThrow(ctx, id);
    const data = await crawlResourceOf(db, found, ctx.origin);
    return { data, text: describeCrawl(data) };
  },
});

const r = reportResource.shape;
const scoredPage = crawlPageResource.extend({ status: r.status.nullable(), score: r.score, result: r.result, issues: r.issues.nullable() });

const listCrawlPagesTool = defineTool({
  name: "list_crawl_pages",
  title: "A crawl's pages, worst first",
  description:
    `The pages of one crawl, ${PAGES_PER_CALL} a page, lowest score first, each with its score and its report's id ` +
    "(pages without a score yet follow). Use it to find which pages of a site to fix first, then get_report on a " +
    "page's report for its failed checks. state filters: pending, audited, failed, blocked; found_via: sitemap, " +
    "links (pages only links reach, in no sitemap), both. Each page says its found_via and depth (clicks from the " +
    "nearest sitemap URL or the start URL).",
  input: crawlId.extend({ state: listCrawlPagesQuery.shape.state, found_via: listCrawlPagesQuery.shape.found_via, page }),
  output: pageOf("pages", scoredPage),
  annotations: { readOnlyHint: true },
  async run({ id, state, found_via, page }, ctx) {
    const { found, db } = await findOrThrow(ctx, id);
    requirePageRows(found);
    const list = await listWorstPages(db, found.id, { state, found_via }, { page, perPage: PAGES_PER_CALL });
    const pages = list.rows.map((row) => ({
      ...toCrawlPageResource(row),
      status: row.status,
      score: row.score,
      result: row.result,
      issues: row.issuesHigh === null ? null : { high: row.issuesHigh, medium: row.issuesMedium!, low: row.issuesLow! },
    }));
    const text = `Crawl ${id}: ${list.total} page${list.total === 1 ? "" : "s"}; ${pages.map((p) => `${p.url} ${p.score ?? p.state}`).join("; ") || "none yet"}.`;
    return { data: { pages, ...pageFields(list.total, list.page) }, text };
  },
});

export const crawlTools = [startCrawl, getCrawl, listCrawlPagesTool];

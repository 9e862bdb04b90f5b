import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { compareWith } from "../crawls/compare-crawls";
import { findCrawlNearOrOnPrimary } from "../crawls/find-crawl";
import {
  compareCrawlsQuery, crawlCheckParam, crawlCompareResource, crawlIssueFieldsResource, crawlIssuePageFieldsResource, listCrawlIssuesQuery,
  listIssuePagesQuery,
} from "../crawls/issue-schemas";
import { crawlIssues } from "../crawls/list-crawl-issues";
import {
  exportPageCheckFailures, exportSiteCheckExamples, issuePagesCsvHeader, listPageCheckFailures, siteCheckExamples,
} from "../crawls/list-issue-pages";
import { requirePageRows } from "../crawls/pruned";
import { crawlIdParam } from "../crawls/schemas";
import type { AppEnv } from "../env";
import { csvResponse, wantsCsv } from "../http/csv";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { dataOf, errorResponses, ok, pageOf, withCsv } from "../http/openapi-responses";
import { listEnvelope, offsetOf } from "../http/pagination";
import { pathFirst, routeHook } from "../http/validation";
import { checkInfo } from "../site/issues/check-info";

const tags = ["crawls"];

/** A crawl's issues across its pages, one check's failing pages, and the compare of two crawls (docs/crawls.md). */
export const crawlIssueRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

const issuesRoute = createRoute({
  method: "get",
  path: "/{id}/issues",
  operationId: "listCrawlIssues",
  summary: "List a crawl's issues",
  description:
    "One row per failing check, page checks and site checks together, most important first, then by pages failing. " +
    "At most one row per check, so the list is short; it is paginated like every list.",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlIdParam, query: listCrawlIssuesQuery },
  responses: { 200: ok("A page of the crawl's issues.", pageOf(crawlIssueFieldsResource)), ...errorResponses(404, 422) },
});

crawlIssueRoutes.openapi(issuesRoute, async (c) => {
  const query = c.req.valid("query");
  const crawl = await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
  if (!crawl) return notFound();
  const rows = await crawlIssues(crawl.db, crawl.found, query);
  const page = { page: query.page, perPage: query.per_page };
  const data = rows.slice(offsetOf(page), offsetOf(page) + page.perPage).map((row) => pickFields(row, query.fields));
  return c.json(listEnvelope(c, data, rows.length, page), 200);
});

const issuePagesRoute = createRoute({
  method: "get",
  path: "/{id}/issues/{check}",
  operationId: "listCrawlIssuePages",
  summary: "List the pages failing one check",
  description:
    "A page check: the crawl's pages failing it with the value and errors of their reports. A site check: its examples. " +
    "With `format=csv` or `Accept: text/csv`: all of them as CSV.",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlCheckParam, query: listIssuePagesQuery },
  responses: {
    200: withCsv(ok("A page of the failing pages, or all of them as CSV.", pageOf(crawlIssuePageFieldsResource)), issuePagesCsvHeader),
    ...errorResponses([404, "No such crawl for this account, or no such check."], [410, "A page check of a pruned crawl: its page rows are gone."], 422),
  },
});

crawlIssueRoutes.openapi(issuePagesRoute, async (c) => {
  const query = c.req.valid("query");
  const { id, check } = c.req.valid("param");
  const info = checkInfo(check);
  const crawl = info && (await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, id));
  if (!info || !crawl) return notFound();
  const { db, found } = crawl;
  const page = { page: query.page, perPage: query.per_page };
  const site = info.kind === "site";
  if (!site) requirePageRows(found);
  if (wantsCsv(query.format, c.req.header("accept"))) {
    const csv = site ? exportSiteCheckExamples(found, check) : exportPageCheckFailures(db, found.id, check);
    return csvResponse(csv, `crawl-${found.id}-${check}.csv`);
  }
  const { rows, total } = site ? siteCheckExamples(found, check, page) : await listPageCheckFailures(db, found.id, check, page);
  return c.json(listEnvelope(c, rows.map((row) => pickFields(row, query.fields)), total, page), 200);
});

const compareRoute = createRoute({
  method: "get",
  path: "/{id}/compare",
  operationId: "compareCrawls",
  summary: "Compare a crawl with another",
  description:
    "Per check, the pages (matched by URL) failing it newly, no longer and still; the pages added and removed; the " +
    "score change. `with` defaults to the crawl's previous_id, else the project's last completed crawl before it.",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlIdParam, query: compareCrawlsQuery },
  responses: {
    200: ok("The compare.", dataOf(crawlCompareResource, 200)),
    ...errorResponses(
      [404, "No such crawl for this account, or no earlier completed crawl to compare with."],
      [409, "The crawl has not completed."],
      [422, "`with` is not one of the account's completed crawls."],
    ),
  },
});

crawlIssueRoutes.openapi(compareRoute, async (c) => {
  const crawl = await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
  if (!crawl) return notFound();
  return c.json({ data: await compareWith(crawl.db, crawl.found, c.req.valid("query").with), status: 200 as const }, 200);
});

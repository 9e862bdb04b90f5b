import { storeCrawl } from "../crawls/store-crawl";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { cancelCrawl } from "../crawls/cancel-crawl";
import { deleteCrawl } from "../crawls/delete-crawl";
import { crawlResourceOf, findCrawlNearOrOnPrimary, pageCounts } from "../crawls/find-crawl";
import { listCrawlPages } from "../crawls/list-crawl-pages";
import { requirePageRows } from "../crawls/pruned";
import { listCrawls } from "../crawls/list-crawls";
import { crawlPagesCsvHeader, exportCrawlPages } from "../crawls/export-crawl-pages";
import {
  crawlFieldsResource, crawlIdParam, crawlPageFieldsResource, crawlResource, listCrawlPagesQuery, listCrawlsQuery, showCrawlQuery,
  storeCrawlBody,
} from "../crawls/schemas";
import { noPages, toCrawlPageResource, toCrawlResource } from "../crawls/serialize";
import type { AppEnv } from "../env";
import { csvResponse, wantsCsv } from "../http/csv";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { dataOf, deletedOf, errorResponses, locationHeader, ok, pageOf, quotaResponses, withCsv } from "../http/openapi-responses";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook, withBody } from "../http/validation";
import { writeDeps } from "./write-deps";

const origin = (url: string) => new URL(url).origin;
const tags = ["crawls"];

export const crawlRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listCrawls",
  summary: "List crawls",
  tags,
  request: { query: listCrawlsQuery },
  responses: { 200: ok("A page of crawls.", pageOf(crawlFieldsResource)), ...errorResponses(422) },
});

crawlRoutes.openapi(listRoute, async (c) => {
  const query = c.req.valid("query");
  const { rows, total, page } = await listCrawls(c.var.db, c.var.caller.accountId, query);
  const counts = await pageCounts(c.var.db, rows.map((r) => r.id));
  const data = rows.map((row) => pickFields(toCrawlResource(row, counts.get(row.id) ?? noPages, origin(c.req.url)), query.fields));
  return c.json(listEnvelope(c, data, total, page), 200);
});

const storeRoute = createRoute(
  withBody(storeCrawlBody, {
    method: "post",
    path: "/",
    operationId: "storeCrawl",
    summary: "Start a crawl",
    description: "Audits a site from its sitemaps or its links; every page becomes an ordinary report.",
    tags,
    responses: {
      201: ok("The crawl, status discovering.", dataOf(crawlResource, 201), locationHeader),
      ...errorResponses(
        [409, "The project already has an unfinished crawl."],
        413,
        415,
        422,
        [503, "The crawl queue refused the job, or `auth` was given and the server has no encryption key."],
      ),
      429: { ...quotaResponses[429], description: `MAX_ACTIVE_CRAWLS unfinished crawls, or: ${quotaResponses[429].description}` },
    },
  }),
);

crawlRoutes.openapi(storeRoute, async (c) => {
  const crawl = await storeCrawl(c.var.db, c.var.caller.accountId, c.var.body, writeDeps(c));
  c.header("Location", `${origin(c.req.url)}/api/v1/crawls/${crawl.id}`);
  return c.json({ data: toCrawlResource(crawl, noPages, origin(c.req.url)), status: 201 }, 201);
});

const showRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "showCrawl",
  summary: "Show a crawl",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlIdParam, query: showCrawlQuery },
  responses: { 200: ok("The crawl.", dataOf(crawlFieldsResource, 200)), ...errorResponses(404, 422) },
});

crawlRoutes.openapi(showRoute, async (c) => {
  const { fields } = c.req.valid("query");
  const crawl = await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
  if (!crawl) return notFound();
  return c.json({ data: pickFields(await crawlResourceOf(crawl.db, crawl.found, origin(c.req.url)), fields), status: 200 }, 200);
});

const pagesRoute = createRoute({
  method: "get",
  path: "/{id}/pages",
  operationId: "listCrawlPages",
  summary: "List the pages of a crawl",
  description:
    "Each page with its `state`, how it was found (`found_via`: sitemap, links or both) and its `depth`; filters `state` and `found_via`. " +
    "With `format=csv` or `Accept: text/csv`: every page matching them, with its report's figures, as CSV.",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlIdParam, query: listCrawlPagesQuery },
  responses: {
    200: withCsv(ok("A page of the crawl's pages, or all of them as CSV.", pageOf(crawlPageFieldsResource)), crawlPagesCsvHeader),
    ...errorResponses(404, [410, "The crawl was pruned: its page rows are gone."], 422),
  },
});

crawlRoutes.openapi(pagesRoute, async (c) => {
  const query = c.req.valid("query");
  const crawl = await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
  if (!crawl) return notFound();
  const { db, found } = crawl;
  requirePageRows(found);
  if (wantsCsv(query.format, c.req.header("accept"))) return csvResponse(exportCrawlPages(db, found.id, query), `crawl-${found.id}-pages.csv`);
  const { rows, total, page } = await listCrawlPages(db, found.id, query);
  return c.json(listEnvelope(c, rows.map((row) => pickFields(toCrawlPageResource(row), query.fields)), total, page), 200);
});

const cancelRoute = createRoute({
  method: "post",
  path: "/{id}/cancel",
  operationId: "cancelCrawl",
  summary: "Cancel a crawl",
  description: "An unfinished crawl stops: its pending pages are never fetched.",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlIdParam },
  responses: { 200: ok("The cancelled crawl.", dataOf(crawlResource, 200)), ...errorResponses(404, [409, "The crawl has already finished."]) },
});

crawlRoutes.openapi(cancelRoute, async (c) => {
  const crawl = await cancelCrawl(c.var.db, c.var.caller.accountId, c.req.valid("param").id);
  return c.json({ data: await crawlResourceOf(c.var.db, crawl, origin(c.req.url)), status: 200 }, 200);
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  operationId: "deleteCrawl",
  summary: "Delete a crawl",
  description: "Cancels it first if unfinished, then deletes it and its page list; its reports stay.",
  tags,
  middleware: [pathFirst(crawlIdParam)],
  request: { params: crawlIdParam },
  responses: { 200: ok("Deleted.", deletedOf("crawl", z.int())), ...errorResponses(404) },
});

crawlRoutes.openapi(deleteRoute, async (c) => {
  const { id } = c.req.valid("param");
  await deleteCrawl(c.var.db, c.var.caller.accountId, id);
  return c.json({ id, object: "crawl", deleted: true, status: 200 }, 200);
});

import { Hono } from "hono";
import { cancelCrawl } from "../crawls/cancel-crawl";
import { crawlFromInput, insertCrawl, refusal } from "../crawls/create-crawl";
import { deleteCrawl } from "../crawls/delete-crawl";
import { enqueueDiscovery } from "../crawls/enqueue-discovery";
import { findCrawl, pageCounts } from "../crawls/find-crawl";
import { listCrawlPages } from "../crawls/list-crawl-pages";
import { listCrawls } from "../crawls/list-crawls";
import { exportCrawlPages } from "../crawls/export-crawl-pages";
import { crawlIdParam, listCrawlPagesQuery, listCrawlsQuery, showCrawlQuery, storeCrawlBody } from "../crawls/schemas";
import { noPages, toCrawlPageResource, toCrawlResource } from "../crawls/serialize";
import { config } from "../config";
import type { Crawl } from "../db/schema";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { findWhereItIs, type RequestSession } from "../db/request-session";
import { csvResponse, wantsCsv } from "../http/csv";
import { notFound } from "../http/errors";
import { pickFields } from "../http/fields";
import { listEnvelope } from "../http/pagination";
import { validate, validateBody } from "../http/validation";

const origin = (url: string) => new URL(url).origin;

// A crawl just created elsewhere may not be on the replica yet: the primary is asked before a 404, and its pages
// are then read there too.
const findCrawlNearOrOnPrimary = (session: RequestSession, accountId: number, id: number) =>
  findWhereItIs(session, (db) => findCrawl(db, accountId, id));

async function resource(db: Db, crawl: Crawl, requestUrl: string) {
  const counts = await pageCounts(db, [crawl.id]);
  return toCrawlResource(crawl, counts.get(crawl.id) ?? noPages, origin(requestUrl));
}

export const crawlRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listCrawlsQuery), async (c) => {
    const query = c.req.valid("query");
    const { rows, total, page } = await listCrawls(c.var.db, c.var.caller.accountId, query);
    const counts = await pageCounts(c.var.db, rows.map((r) => r.id));
    const data = rows.map((row) => pickFields(toCrawlResource(row, counts.get(row.id) ?? noPages, origin(c.req.url)), query.fields));
    return c.json(listEnvelope(c, data, total, page));
  })
  .post("/", validateBody(storeCrawlBody), async (c) => {
    const { crawl: settings, allowPrivateTargets } = config(c.env);
    const input = await crawlFromInput(c.req.valid("form"), settings, allowPrivateTargets);
    const crawl = await insertCrawl(c.var.db, c.var.caller.accountId, input, settings);
    if (typeof crawl === "string") return refusal(crawl, settings);
    await enqueueDiscovery(c.var.db, c.env.CRAWL_QUEUE, crawl.id);
    c.header("Location", `${origin(c.req.url)}/api/v1/crawls/${crawl.id}`);
    return c.json({ data: toCrawlResource(crawl, noPages, origin(c.req.url)), status: 201 }, 201);
  })
  .get("/:id", validate("param", crawlIdParam), validate("query", showCrawlQuery), async (c) => {
    const { fields } = c.req.valid("query");
    const crawl = await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
    if (!crawl) return notFound();
    return c.json({ data: pickFields(await resource(crawl.db, crawl.found, c.req.url), fields), status: 200 });
  })
  .get("/:id/pages", validate("param", crawlIdParam), validate("query", listCrawlPagesQuery), async (c) => {
    const query = c.req.valid("query");
    const crawl = await findCrawlNearOrOnPrimary(c.var.session, c.var.caller.accountId, c.req.valid("param").id);
    if (!crawl) return notFound();
    const { db, found } = crawl;
    if (wantsCsv(query.format, c.req.header("accept"))) return csvResponse(exportCrawlPages(db, found.id, query), `crawl-${found.id}-pages.csv`);
    const { rows, total, page } = await listCrawlPages(db, found.id, query);
    return c.json(listEnvelope(c, rows.map((row) => pickFields(toCrawlPageResource(row), query.fields)), total, page));
  })
  .post("/:id/cancel", validate("param", crawlIdParam), async (c) => {
    const crawl = await cancelCrawl(c.var.db, c.var.caller.accountId, c.req.valid("param").id);
    return c.json({ data: await resource(c.var.db, crawl, c.req.url), status: 200 });
  })
  .delete("/:id", validate("param", crawlIdParam), async (c) => {
    const { id } = c.req.valid("param");
    await deleteCrawl(c.var.db, c.var.caller.accountId, id);
    return c.json({ id, object: "crawl", deleted: true, status: 200 });
  });

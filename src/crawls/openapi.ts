import { dataSchema, deletedSchema, errorResponses, listSchema, locationHeader, ok, parameters, requestBody, withCsv, type OpenApiPart } from "../http/openapi-helpers";
import { crawlPagesCsvHeader } from "./export-crawl-pages";
import { crawlIdParam, listCrawlPagesQuery, listCrawlsQuery, showCrawlQuery, storeCrawlBody } from "./schemas";

const object = { type: "object" };
const crawl = dataSchema(object, 200);

/** The crawl operations, documented from the zod schemas that validate them. */
export const crawlsOpenApi: OpenApiPart = {
  tags: [{ name: "crawls", description: "Whole sites: many pages audited in one request, and the checks only a whole site shows." }],
  paths: {
    "/api/v1/crawls": {
      get: {
        operationId: "listCrawls",
        summary: "List crawls",
        tags: ["crawls"],
        parameters: parameters(listCrawlsQuery, "query"),
        responses: { "200": ok("A page of crawls.", listSchema(object)), ...errorResponses(422) },
      },
      post: {
        operationId: "storeCrawl",
        summary: "Start a crawl",
        description: "Audits a site from its sitemaps or its links; every page becomes an ordinary report.",
        tags: ["crawls"],
        requestBody: requestBody(storeCrawlBody),
        responses: {
          "201": ok("The crawl, status discovering.", dataSchema(object, 201), locationHeader),
          ...errorResponses(
            [409, "The project already has an unfinished crawl."],
            413,
            415,
            422,
            [429, "Over the rate limit, or MAX_ACTIVE_CRAWLS unfinished crawls."],
            [503, "The crawl queue refused the job."],
          ),
        },
      },
    },
    "/api/v1/crawls/{id}": {
      get: {
        operationId: "showCrawl",
        summary: "Show a crawl",
        tags: ["crawls"],
        parameters: [...parameters(crawlIdParam, "path"), ...parameters(showCrawlQuery, "query")],
        responses: { "200": ok("The crawl.", crawl), ...errorResponses(404, 422) },
      },
      delete: {
        operationId: "deleteCrawl",
        summary: "Delete a crawl",
        description: "Cancels it first if unfinished, then deletes it and its page list; its reports stay.",
        tags: ["crawls"],
        parameters: parameters(crawlIdParam, "path"),
        responses: { "200": ok("Deleted.", deletedSchema("crawl", { type: "integer" })), ...errorResponses(404) },
      },
    },
    "/api/v1/crawls/{id}/pages": {
      get: {
        operationId: "listCrawlPages",
        summary: "List the pages of a crawl",
        description: "With `format=csv` or `Accept: text/csv`: every page matching `state`, with its report's figures, as CSV.",
        tags: ["crawls"],
        parameters: [...parameters(crawlIdParam, "path"), ...parameters(listCrawlPagesQuery, "query")],
        responses: {
          "200": withCsv(ok("A page of the crawl's pages, or all of them as CSV.", listSchema(object)), crawlPagesCsvHeader),
          ...errorResponses(404, 422),
        },
      },
    },
    "/api/v1/crawls/{id}/cancel": {
      post: {
        operationId: "cancelCrawl",
        summary: "Cancel a crawl",
        description: "An unfinished crawl stops: its pending pages are never fetched.",
        tags: ["crawls"],
        parameters: parameters(crawlIdParam, "path"),
        responses: { "200": ok("The cancelled crawl.", crawl), ...errorResponses(404, [409, "The crawl has already finished."]) },
      },
    },
  },
};

import { common, errorResponse, ok, parameters, requestBody } from "../http/openapi";
import { crawlIdParam, listCrawlPagesQuery, listCrawlsQuery, storeCrawlBody } from "./schemas";

/** The crawl operations, documented from the zod schemas that validate them. */
export function crawlPaths() {
  // Built on call: src/http/openapi.ts imports this module, so its helpers are not initialised at load time.
  const notFound = { "404": errorResponse("No such crawl (or another account's).") };
  const invalid = { "422": errorResponse("Invalid parameter; the message names the allowed values.") };
  const crawlId = parameters(crawlIdParam, "path");
  return {
    "/api/v1/crawls": {
      get: {
        operationId: "listCrawls",
        summary: "List crawls.",
        parameters: parameters(listCrawlsQuery, "query"),
        responses: { "200": ok("A page of crawls."), ...invalid, ...common },
      },
      post: {
        operationId: "storeCrawl",
        summary: "Start a crawl of a site from its sitemap or its links.",
        requestBody: requestBody(storeCrawlBody),
        responses: {
          "201": ok("The crawl, status discovering, with a Location header."),
          "400": errorResponse("Malformed JSON body."),
          "409": errorResponse("The project already has an unfinished crawl."),
          "413": errorResponse("Body over 64 KiB."),
          "415": errorResponse("Unsupported content type."),
          ...invalid,
          ...common,
          "429": errorResponse("Over the rate limit, or MAX_ACTIVE_CRAWLS unfinished crawls (with Retry-After)."),
          "503": errorResponse("The crawl queue refused the job (with Retry-After)."),
        },
      },
    },
    "/api/v1/crawls/{id}": {
      get: { operationId: "showCrawl", summary: "Show a crawl.", parameters: crawlId, responses: { "200": ok("The crawl."), ...notFound, ...common } },
      delete: {
        operationId: "deleteCrawl",
        summary: "Delete a crawl and its page list (cancelled first if unfinished); its reports stay.",
        parameters: crawlId,
        responses: { "200": ok("Deleted."), ...notFound, ...common },
      },
    },
    "/api/v1/crawls/{id}/pages": {
      get: {
        operationId: "listCrawlPages",
        summary: "List the pages of a crawl.",
        parameters: [...crawlId, ...parameters(listCrawlPagesQuery, "query")],
        responses: { "200": ok("A page of the crawl's pages."), ...notFound, ...invalid, ...common },
      },
    },
    "/api/v1/crawls/{id}/cancel": {
      post: {
        operationId: "cancelCrawl",
        summary: "Cancel an unfinished crawl: its pending pages are never fetched.",
        parameters: crawlId,
        responses: { "200": ok("The cancelled crawl."), ...notFound, "409": errorResponse("The crawl has already finished."), ...common },
      },
    },
  };
}

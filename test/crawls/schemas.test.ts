import { describe, expect, it } from "vitest";
import { crawlIdParam, listCrawlPagesQuery, listCrawlsQuery, storeCrawlBody } from "../../src/crawls/schemas";
import { call } from "../helpers/api";

describe("the crawls in the OpenAPI document", () => {
  it("name every operation and document their statuses, from the validating schemas", async () => {
    const doc = (await call("/api/v1/openapi.json")).json;
    const op = (path: string, method: string) => doc.paths[path][method];
    expect(op("/api/v1/crawls", "get").operationId).toBe("listCrawls");
    expect(op("/api/v1/crawls", "post").operationId).toBe("storeCrawl");
    expect(op("/api/v1/crawls/{id}", "get").operationId).toBe("showCrawl");
    expect(op("/api/v1/crawls/{id}", "delete").operationId).toBe("deleteCrawl");
    expect(op("/api/v1/crawls/{id}/pages", "get").operationId).toBe("listCrawlPages");
    expect(op("/api/v1/crawls/{id}/cancel", "post").operationId).toBe("cancelCrawl");

    expect(Object.keys(op("/api/v1/crawls", "post").responses).sort()).toEqual(["201", "400", "401", "409", "413", "415", "422", "429", "503"]);
    expect(Object.keys(op("/api/v1/crawls/{id}/cancel", "post").responses)).toContain("409");
    // Every operation also reads the x-d1-bookmark header; these are the query and path parameters.
    const names = (params: { name: string; in: string }[]) => params.filter((p) => p.in !== "header").map((p) => p.name).sort();
    expect(names(op("/api/v1/crawls", "get").parameters)).toEqual(Object.keys(listCrawlsQuery.shape).sort());
    expect(names(op("/api/v1/crawls/{id}/pages", "get").parameters)).toEqual(
      [...Object.keys(crawlIdParam.shape), ...Object.keys(listCrawlPagesQuery.shape)].sort(),
    );
    const body = op("/api/v1/crawls", "post").requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties).sort()).toEqual(Object.keys(storeCrawlBody.shape).sort());
    expect(body.properties.source.enum).toEqual(["auto", "sitemap", "links"]);
    expect(body.required).toEqual(["url"]);
  });
});

import { describe, expect, it } from "vitest";
import { httpStatus } from "../../../src/analysis/checks/http-status";
import { countedFailures, ERROR_PAGE_CHECK, isErrorPage } from "../../../src/site/issues/error-pages";

describe("countedFailures: what a crawl counts of a page", () => {
  it("is every failed check of a page that answered 200", () => {
    expect(countedFailures(["meta_description", "title", "image_alt"])).toEqual(["meta_description", "title", "image_alt"]);
    expect(countedFailures([])).toEqual([]);
    expect(isErrorPage(["meta_description"])).toBe(false);
  });

  it("is only http_status for an error page, whatever else its HTML misses", () => {
    expect(countedFailures(["meta_description", "http_status", "title", "headings"])).toEqual(["http_status"]);
    expect(isErrorPage(["title", "http_status"])).toBe(true);
  });

  it("names the check that fails on 4xx and 5xx answers and passes 200", () => {
    expect(ERROR_PAGE_CHECK).toBe(httpStatus.id);
    const verdict = (status: number) => httpStatus.run({ fetch: { status } } as never);
    expect([404, 410, 500].map((status) => verdict(status).passed)).toEqual([false, false, false]);
    expect(verdict(200).passed).toBe(true);
  });
});

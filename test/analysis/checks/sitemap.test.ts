import { describe, expect, it } from "vitest";
import { sitemap } from "../../../src/analysis/checks/sitemap";
import { makePage } from "../../helpers/page";

const run = (robots: { status?: number | null; body?: string | null }) => sitemap.run(makePage("<p>x</p>", { robots }));

describe("sitemap check", () => {
  it("passes robots.txt with Sitemap lines in any case and lists the URLs", () => {
    const body = "User-agent: *\nDisallow:\nSitemap: https://example.com/sitemap.xml\nSITEMAP:https://example.com/news.xml\n";
    expect(run({ status: 200, body })).toEqual({
      passed: true,
      value: ["https://example.com/sitemap.xml", "https://example.com/news.xml"],
    });
  });

  it("fails robots.txt without a Sitemap line", () => {
    expect(run({ status: 200, body: "User-agent: *\nDisallow: /admin\n# Sitemap: https://example.com/s.xml\nSitemap:\n" })).toEqual({
      passed: false,
      value: [],
      errors: { missing: true },
    });
  });

  it("is not applicable without a robots.txt", () => {
    expect(run({ status: 404, body: "Not found" })).toEqual({ passed: true, value: "no robots.txt", applicable: false });
    expect(run({ status: null, body: null })).toEqual({ passed: true, value: "no robots.txt", applicable: false });
    expect(run({ status: 503, body: null })).toEqual({ passed: true, value: "robots.txt could not be read", applicable: false });
  });
});

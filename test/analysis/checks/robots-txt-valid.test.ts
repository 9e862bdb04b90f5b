import { describe, expect, it } from "vitest";
import { robotsTxtValid } from "../../../src/analysis/checks/robots-txt-valid";
import { makePage } from "../../helpers/page";

const run = (robots: { status?: number | null; body?: string | null }) => robotsTxtValid.run(makePage("<p>x</p>", { robots }));

describe("robots_txt_valid check", () => {
  it("passes known directives, comments and blank lines", () => {
    const body = [
      "# robots",
      "User-agent: *",
      "Disallow: /admin # private",
      "Allow: /*.css$",
      "Crawl-delay: 2",
      "",
      "Content-Signal: search=yes",
      "Sitemap: https://example.com/sitemap.xml",
    ].join("\r\n");
    expect(run({ status: 200, body })).toEqual({ passed: true, value: { status: 200, lines: 6 } });
  });

  it("fails unknown directives, lines without a colon and rules before any user-agent, by line number", () => {
    const body = "Disallow: /x\nUser-agent: *\nDisalow: /y\nthis is not a directive\nAllow: /z\nNoindex: /q\n";
    expect(run({ status: 200, body })).toEqual({
      passed: false,
      value: { status: 200, lines: 6 },
      errors: { rule_outside_group: [1], unknown_directive: [3, 6], syntax: [4] },
    });
  });

  it("fails bad values: relative patterns, $ mid-pattern, empty user-agent, relative sitemap", () => {
    const body = "User-agent:\nUser-agent: *\nDisallow: admin\nDisallow: /a$b\nSitemap: /sitemap.xml\n";
    expect(run({ status: 200, body }).errors).toEqual({ invalid_value: [1, 3, 4, 5] });
  });

  it("caps each list of lines at 20", () => {
    const v = run({ status: 200, body: "User-agent: *\n" + "oops\n".repeat(30) });
    expect((v.errors?.syntax as number[]).length).toBe(20);
  });

  it("fails a robots.txt that answers 5xx", () => {
    expect(run({ status: 500, body: "error" })).toEqual({ passed: false, value: { status: 500 }, errors: { server_error: 500 } });
  });

  it("is not applicable when there is no robots.txt", () => {
    expect(run({ status: 404, body: null })).toEqual({ passed: true, value: "no robots.txt", applicable: false });
    expect(run({ status: 410, body: "gone" }).applicable).toBe(false);
  });
});

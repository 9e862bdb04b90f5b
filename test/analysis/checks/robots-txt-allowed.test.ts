import { describe, expect, it } from "vitest";
import { robotsTxtAllowed } from "../../../src/analysis/checks/robots-txt-allowed";
import { makePage } from "../../helpers/page";

const run = (robots: { status?: number | null; body?: string | null }, url = "https://example.com/shop/item?id=1") =>
  robotsTxtAllowed.run(makePage("<p>x</p>", { url, robots }));

describe("robots_txt_allowed check", () => {
  it("passes a page no rule disallows", () => {
    const v = run({ status: 200, body: "User-agent: *\nDisallow: /admin\n" });
    expect(v).toEqual({ passed: true, value: { path: "/shop/item?id=1", allowed: true } });
  });

  it("fails a page disallowed for *", () => {
    const v = run({ status: 200, body: "User-agent: *\nDisallow: /shop\n" });
    expect(v).toEqual({
      passed: false,
      value: { path: "/shop/item?id=1", allowed: false },
      errors: {
        disallowed: [
          { agent: "*", line: 2, rule: "Disallow: /shop" },
          { agent: "Googlebot", line: 2, rule: "Disallow: /shop" },
        ],
      },
    });
  });

  it("fails a page disallowed only for Googlebot", () => {
    const v = run({ status: 200, body: "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /*?id=\n" });
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({ disallowed: [{ agent: "Googlebot", line: 5, rule: "Disallow: /*?id=" }] });
  });

  it("passes when an equally long Allow overrides the Disallow", () => {
    expect(run({ status: 200, body: "User-agent: *\nDisallow: /shop\nAllow: /shop\n" }).passed).toBe(true);
  });

  it("passes when there is no robots.txt", () => {
    expect(run({ status: 404, body: "<h1>Not found</h1>" })).toEqual({ passed: true, value: { robots_txt: "missing", allowed: true } });
    expect(run({ status: null, body: null }).passed).toBe(true);
  });

  it("fails a robots.txt answering 5xx, which means disallow all", () => {
    const v = run({ status: 503, body: "" });
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ robots_txt: "unreachable", status: 503 });
    expect(v.errors?.unreachable).toMatch(/503.*disallowed.*RFC 9309/);
  });
});

import { describe, expect, it } from "vitest";
import { hsts } from "../../../src/analysis/checks/hsts";
import { makePage } from "../../helpers/page";

const run = (header?: string) =>
  hsts.run(makePage("<p>x</p>", { headers: header === undefined ? {} : { "Strict-Transport-Security": header } }));

describe("hsts check", () => {
  it("passes a max-age of at least 15,552,000 and reads the other directives", () => {
    expect(run("max-age=31536000; includeSubDomains; preload")).toEqual({
      passed: true,
      value: { max_age: 31_536_000, include_subdomains: true, preload: true },
    });
    expect(run('Max-Age="15552000"').passed).toBe(true);
  });

  it("fails a missing header", () => {
    expect(run()).toEqual({ passed: false, value: null, errors: { missing: true } });
  });

  it("fails a short max-age", () => {
    const v = run("max-age=86400");
    expect(v.value).toEqual({ max_age: 86400, include_subdomains: false, preload: false });
    expect(v.errors).toEqual({ max_age_too_short: { max_age: 86400, min: 15_552_000 } });
  });

  it("reads only the first of repeated headers", () => {
    expect(run("max-age=0, max-age=31536000").errors).toEqual({ max_age_too_short: { max_age: 0, min: 15_552_000 } });
  });

  it("fails a header without a valid max-age", () => {
    expect(run("includeSubDomains").errors).toEqual({ invalid_max_age: "includeSubDomains" });
  });

  it("is not applicable to an http page", () => {
    const v = hsts.run(makePage("<p>x</p>", { url: "http://example.com/" }));
    expect(v).toEqual({ passed: true, value: "not an https page", applicable: false });
  });
});

import { describe, expect, it } from "vitest";
import { canonical } from "../../../src/analysis/checks/canonical";
import { makePage } from "../../helpers/page";

const url = "https://example.com/shoes/red";
const run = (head: string, headers: Record<string, string> = {}, at = url) =>
  canonical.run(makePage(`<html><head>${head}</head><body><p>x</p></body></html>`, { url: at, headers }));

describe("canonical check", () => {
  it("passes one absolute canonical, repeated identically in the Link header", () => {
    const v = run('<link rel="canonical" href="https://example.com/shoes/red">', { link: '<https://example.com/shoes/red>; rel="canonical"' });
    expect(v).toEqual({ passed: true, value: "https://example.com/shoes/red" });
  });

  it("passes when there is no canonical", () => {
    expect(run("")).toEqual({ passed: true, value: null });
  });

  it("fails conflicting canonicals across the head and the Link header", () => {
    const v = run('<link rel="canonical" href="https://example.com/a">', { link: "<https://example.com/b>; rel=canonical" });
    expect(v).toEqual({
      passed: false,
      value: ["https://example.com/a", "https://example.com/b"],
      errors: { conflicting: ["https://example.com/a", "https://example.com/b"] },
    });
  });

  it("fails relative and invalid canonicals", () => {
    expect(run('<link rel="canonical" href="/shoes/red">').errors).toEqual({ relative: "/shoes/red" });
    expect(run('<link rel="canonical" href="https://[bad">').errors).toEqual({ invalid: "https://[bad" });
  });

  it("tells invalid from relative by parsing with and without a base, as Lighthouse 13.5 does", () => {
    // 12.2.3 called http://[bad relative; it parses with no base at all.
    expect(run('<link rel="canonical" href="http://[bad">').errors).toEqual({ invalid: "http://[bad" });
    expect(run('<link rel="canonical" href="//example.com/shoes/red">').errors).toEqual({ relative: "//example.com/shoes/red" });
    expect(run('<link rel="canonical" href="/a">', { link: "<http://[x>; rel=canonical" }).errors).toEqual({ invalid: "http://[x" });
  });

  it("reads only the head as a browser builds it: a canonical after an iframe in the head is body content", () => {
    const v = canonical.run(makePage('<html><head><title>T</title><iframe src="/x"></iframe><link rel="canonical" href="/other"></head><body></body></html>', { url }));
    expect(v).toEqual({ passed: true, value: null });
  });

  it("fails a file: canonical (a page saved from disk) as not_http, not relative", () => {
    const v = run('<link rel="canonical" href="file:///home/me/site/docs/index.html">');
    expect(v).toEqual({
      passed: false,
      value: ["file:///home/me/site/docs/index.html"],
      errors: { not_http: { href: "file:///home/me/site/docs/index.html", scheme: "file:" } },
    });
  });

  it("fails ftp:, javascript: and data: canonicals as not_http, from the head or the Link header", () => {
    expect(run('<link rel="canonical" href="ftp://example.com/shoes/red">').errors).toEqual({
      not_http: { href: "ftp://example.com/shoes/red", scheme: "ftp:" },
    });
    expect(run('<link rel="canonical" href="javascript:void(0)">').errors).toEqual({ not_http: { href: "javascript:void(0)", scheme: "javascript:" } });
    expect(run("", { link: "<data:text/html,x>; rel=canonical" }).errors).toEqual({ not_http: { href: "data:text/html,x", scheme: "data:" } });
  });

  it("accepts http: as well as https:", () => {
    expect(run('<link rel="canonical" href="http://example.com/shoes/red">', {}, "http://example.com/shoes/red").passed).toBe(true);
  });

  it("fails a canonical to the site root from another page, but not from the root", () => {
    expect(run('<link rel="canonical" href="https://example.com/">').errors).toEqual({ points_to_root: "https://example.com/" });
    expect(run('<link rel="canonical" href="https://example.com/">', {}, "https://example.com/?ref=x").passed).toBe(true);
  });

  it("fails a canonical that points to another language version", () => {
    const head =
      '<link rel="alternate" hreflang="en" href="https://example.com/shoes/red">' +
      '<link rel="alternate" hreflang="de" href="https://example.com/de/shoes/red">' +
      '<link rel="canonical" href="https://example.com/de/shoes/red">';
    expect(run(head).errors).toEqual({ points_to_other_language: "https://example.com/de/shoes/red" });
  });
});

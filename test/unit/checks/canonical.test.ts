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

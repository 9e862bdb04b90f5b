import { describe, expect, it } from "vitest";
import { limitDom } from "../../src/analysis/nesting";
import { parsePage, tags } from "../../src/analysis/parse";
import { makePage } from "../helpers/page";

describe("limitDom", () => {
  it("cuts before the first start tag past the character budget, never inside a script", () => {
    const html = `<p>one</p><script>var s = "<p>not a tag</p>";</script><p>two</p><p>three</p>`;
    const cut = limitDom(html, { maxDepth: 100, maxChars: 15 });
    expect(cut).toEqual({ html: `<p>one</p><script>var s = "<p>not a tag</p>";</script>`, capped: false, truncated: true });
  });

  it("cuts before the start tag past the element budget", () => {
    expect(limitDom("<ul><li>a<li>b<li>c</ul>", { maxDepth: 100, maxElements: 3 }).html).toBe("<ul><li>a<li>b");
  });

  it("leaves a page inside the budget whole", () => {
    const html = "<!doctype html><html><body><p>a</p></body></html>";
    expect(limitDom(html, { maxDepth: 100, maxChars: 1_000, maxElements: 10 })).toEqual({ html, capped: false, truncated: false });
  });
});

describe("parsePage's budget", () => {
  it("builds the DOM from the first part of a long page, keeping the raw HTML whole and saying so", () => {
    const html = `<html><body>${"<p>word</p>".repeat(50)}</body></html>`;
    const small = makePage(html);
    const page = parsePage(small.fetch, small.site, small.settings, { maxChars: 100, maxElements: Infinity });
    expect(page.truncatedDom).toBe(true);
    expect(page.html).toBe(html);
    expect(page.domHtmlLength).toBeLessThan(html.length);
    expect(tags(page, "p").length).toBeLessThan(50);
    expect(small.truncatedDom).toBe(false);
    expect(small.domHtmlLength).toBe(html.length);
  });

  it("lists headings in document order across levels", () => {
    const page = makePage("<h2>a</h2><h1>b</h1><div><h3>c</h3></div><h2>d</h2>");
    expect(page.headings.map((h) => h.level)).toEqual([2, 1, 3, 2]);
  });
});

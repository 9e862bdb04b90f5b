import { describe, expect, it } from "vitest";
import { capNesting, limitDom } from "../../src/analysis/nesting";

describe("capNesting", () => {
  it("leaves an ordinary page whole", () => {
    const html = "<!doctype html><html><head><meta charset=utf-8><title>x</title></head><body><ul><li>a<li>b</ul><p>one<p>two<br><img src=a></body></html>";
    expect(capNesting(html, 5)).toEqual({ html, capped: false });
  });

  it("cuts where the tree first goes deeper than the cap", () => {
    const html = `${"<div>".repeat(5)}x${"</div>".repeat(5)}`;
    expect(capNesting(html, 3)).toEqual({ html: "<div><div><div>", capped: true });
    expect(capNesting(html, 5).capped).toBe(false);
  });

  it("counts closed siblings at the same depth, and ignores tags inside scripts", () => {
    const siblings = "<div></div>".repeat(10_000);
    expect(capNesting(siblings, 2).capped).toBe(false);
    const script = `<div><script>${"'<div>'+".repeat(50)}''</script></div>`;
    expect(capNesting(script, 2).capped).toBe(false);
  });

  it("never counts unclosed paragraphs and list items as nesting", () => {
    expect(capNesting("<ul>" + "<li>item".repeat(10_000) + "</ul>", 3).capped).toBe(false);
    expect(capNesting("<p>x".repeat(10_000), 3).capped).toBe(false);
  });
});

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

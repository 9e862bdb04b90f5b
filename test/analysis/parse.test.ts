import { describe, expect, it } from "vitest";
import { tags, withAttribute } from "../../src/analysis/parse";
import { makePage } from "../helpers/page";

describe("parsePage", () => {
  it("indexes elements by lower-case tag in document order, once", () => {
    const page = makePage("<html><body><DIV><p>a</p><P>b</P></DIV><img src=x></body></html>");
    expect(tags(page, "p").map((p) => p.textContent)).toEqual(["a", "b"]);
    expect(page.elements.map((e) => e.localName.toLowerCase())).toEqual(["html", "head", "body", "div", "p", "p", "img"].filter((t) => page.byTag.has(t)));
  });

  it("lower-cases attribute names as an HTML parser does", () => {
    const page = makePage('<div STYLE="color:red" ItemScope Property="og:title"><IMG SRC="a.png" Alt=""></div>');
    const div = tags(page, "div")[0]!;
    expect(div.getAttribute("style")).toBe("color:red");
    expect(div.hasAttribute("itemscope")).toBe(true);
    expect(div.getAttribute("property")).toBe("og:title");
    expect(tags(page, "img")[0]!.getAttribute("src")).toBe("a.png");
    expect(tags(page, "img")[0]!.hasAttribute("alt")).toBe(true);
  });

  it("indexes elements by lower-case attribute name in document order, upper-case names included", () => {
    const page = makePage('<div STYLE="a" id="x"><p style="b" ItemScope>t</p><svg viewBox="0 0 1 1" style="c"></svg></div><p>no</p>');
    expect(withAttribute(page, "style").map((e) => e.localName.toLowerCase())).toEqual(["div", "p", "svg"]);
    expect(withAttribute(page, "itemscope").map((e) => e.localName)).toEqual(["p"]);
    expect(withAttribute(page, "viewbox").length).toBe(1);
    expect(withAttribute(page, "id").length).toBe(1);
    expect(withAttribute(page, "nothing")).toEqual([]);
  });

  it("walks the same elements and text as linkedom's own child links (the private list it reads is still there)", () => {
    const page = makePage('<!doctype html><html><head><title>T</title><style>p{}</style></head><body><p a="1">one <b>two</b></p><template><i>x</i></template><p>three</p></body></html>');
    const viaChildren: string[] = [];
    const visit = (node: Element) => {
      viaChildren.push(node.localName);
      for (const child of node.children) visit(child);
    };
    visit(page.document.documentElement);
    expect(page.elements.map((e) => e.localName)).toEqual(viaChildren);
    expect(page.text).toBe("one two three");
  });

  it("collects visible body text without script, style, noscript or template", () => {
    const page = makePage("<title>T</title><body><p>Hello <b>world</b></p><script>var x</script><style>p{}</style><noscript>no</noscript><template>t</template></body>");
    expect(page.text).toBe("Hello world");
  });

  it("parses 100,000 nested elements only down to the nesting cap, keeping the original HTML", () => {
    const html = `<p>top</p>${"<div>".repeat(100_000)}deep${"</div>".repeat(100_000)}`;
    const page = makePage(html);
    expect(tags(page, "div")).toHaveLength(2_000);
    expect(page.text).toBe("top");
    expect(page.html).toBe(html);
  });
});

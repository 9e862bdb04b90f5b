import { describe, expect, it } from "vitest";
import { parsePage, tags, withAttribute } from "../../src/analysis/parse";
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
    // Template content is not part of the page ("How a page is read"): the walk leaves out what linkedom put there.
    const visit = (node: Element) => {
      viaChildren.push(node.localName);
      if (node.localName !== "template") for (const child of node.children) visit(child);
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

/** The names a head reader sees: tag plus the attribute that identifies it. */
const headNames = (html: string) =>
  makePage(html).head.map((el) => {
    const tag = el.localName.toLowerCase();
    const id = el.getAttribute("name") ?? el.getAttribute("rel") ?? el.getAttribute("charset");
    return id === null ? tag : `${tag}:${id}`;
  });
const description = '<meta name="description" content="About shoes">';
const canonicalLink = '<link rel="canonical" href="https://example.com/page">';

describe("How a page is read: the head ends where a browser ends it", () => {
  for (const [ender, markup] of [
    ["iframe", '<iframe src="https://ads.example/x"></iframe>'],
    ["img", '<img src="/pixel.gif">'],
    ["div", "<div>banner</div>"],
    ["input", '<input type="hidden" name="x">'],
    ["p", "<p>hello</p>"],
    ["br", "</br>"],
    ["my-widget", "<my-widget></my-widget>"],
  ] as const) {
    it(`ends the head at ${ender}: the metadata after it is body content`, () => {
      const page = makePage(`<!doctype html><html><head><title>Shoes</title>${markup}${description}${canonicalLink}</head><body><h1>x</h1></body></html>`);
      expect(headNames(page.html)).toEqual(["title"]);
      expect(page.headEnd?.tag).toBe(ender);
      expect(page.headEnd?.inSourceHead).toBe(true);
      expect(page.headEnd?.hidden.map((el) => el.getAttribute("name") ?? el.getAttribute("rel"))).toEqual(["description", "canonical"]);
    });
  }

  for (const [what, text] of [
    ["plain text", "oops"],
    ["a no-break space, which trim() calls blank", "\u00a0"],
    ["a byte order mark", "\ufeff"],
  ] as const) {
    it(`ends the head at non-blank text: ${what}`, () => {
      const page = makePage(`<html><head><title>Shoes</title>${text}${description}</head><body></body></html>`);
      expect(headNames(page.html)).toEqual(["title"]);
      expect(page.headEnd).toMatchObject({ tag: "#text", inSourceHead: true });
      expect(page.headEnd?.hidden).toHaveLength(1);
    });
  }

  it("does not end the head at script, style, noscript, template, comments or whitespace", () => {
    const html =
      "<html><head>\n  <!-- a comment --><!--> <!-- closed the old way --!>\n" +
      "<script>document.write('<div>x</div>')</script><style>p{}</style>" +
      '<noscript><img src="/pixel.gif"><a href="/x">x</a></noscript><template><div><img src=a></div></template>\t\f\r\n' +
      `${description}${canonicalLink}</head><body><p>x</p></body></html>`;
    const page = makePage(html);
    expect(headNames(html)).toEqual(["script", "style", "noscript", "template", "meta:description", "link:canonical"]);
    expect(page.headEnd).toBeNull(); // <body> started the body, nothing before it
  });

  it("ignores a stray </p> in the head, which htmlparser2 turns into an empty <p>", () => {
    const page = makePage(`<html><head><title>T</title></p>${description}</head><body></body></html>`);
    expect(headNames(page.html)).toEqual(["title", "meta:description"]);
    expect(page.headEnd).toBeNull();
  });

  it("reads a head of 20,000 stray </p> the same way (the source is scanned once, not once per </p>)", () => {
    const page = makePage(`<html><head><title>T</title>${"</p>".repeat(20_000)}${description}</head><body></body></html>`);
    expect(headNames(page.html)).toEqual(["title", "meta:description"]);
    expect(page.headEnd).toBeNull();
  });

  it("keeps metadata between </head> and <body> in the head (the standard's after-head mode), but not a noscript", () => {
    const html = `<!doctype html><html><head><title>T</title></head>\n${description}${canonicalLink}<base href="/"><body><p>x</p></body></html>`;
    expect(headNames(html)).toEqual(["title", "meta:description", "link:canonical", "base"]);
    expect(headNames(`<html><head></head><noscript></noscript>${description}<body></body></html>`)).toEqual([]);
  });

  it("reads metadata with no <head> tag as head, up to the first body element", () => {
    expect(headNames(`<!doctype html><title>T</title>${description}<h1>x</h1><meta name="robots" content="noindex">`)).toEqual([
      "title",
      "meta:description",
    ]);
  });

  it("puts everything after text before the doctype in the body, and says which source head metadata it hid", () => {
    const page = makePage(`x<!doctype html><html><head><title>T</title>${description}</head><body></body></html>`);
    expect(page.head).toEqual([]);
    expect(page.headEnd).toMatchObject({ tag: "#text", text: "x", inSourceHead: false });
    expect(page.headEnd?.hidden.map((el) => el.getAttribute("name"))).toEqual(["description"]);
  });

  it("does not take a meta in a second <head> inside the body for head metadata", () => {
    expect(headNames(`<html><head><title>T</title></head><body><p>x</p><head>${description}</head></body></html>`)).toEqual(["title"]);
  });
});

describe("How a page is read: noscript, template and raw text", () => {
  it("does not count images and links inside noscript (text to a browser running scripts)", () => {
    const page = makePage('<body><noscript><img src="/pixel.gif"><a href="/no-js">x</a></noscript><img src="/real.png" alt="r"><a href="/y">y</a></body>');
    expect(tags(page, "img").map((i) => i.getAttribute("src"))).toEqual(["/real.png"]);
    expect(tags(page, "a").map((a) => a.getAttribute("href"))).toEqual(["/y"]);
    expect(tags(page, "noscript")).toHaveLength(1);
    expect(withAttribute(page, "src")).toHaveLength(1);
  });

  it("does not count template contents", () => {
    const page = makePage('<body><template><h1>Tpl</h1><img src="/t.png"><a href="/t">t</a><meta name="robots" content="noindex"></template><h1>Real</h1></body>');
    expect(tags(page, "img")).toEqual([]);
    expect(tags(page, "a")).toEqual([]);
    expect(tags(page, "meta")).toEqual([]);
    expect(page.headings.map((h) => h.el.textContent)).toEqual(["Real"]);
    expect(withAttribute(page, "href")).toEqual([]);
  });

  it("does not count elements linkedom parsed inside iframe, xmp, noembed or noframes (raw text to a browser)", () => {
    const page = makePage("<body><iframe><img src=a></iframe><xmp><img src=b></xmp><noembed><img src=c></noembed><img src=d alt=''></body>");
    expect(tags(page, "img").map((i) => i.getAttribute("src"))).toEqual(["d"]);
  });

  it("counts <image> as an <img>, as browsers rename it, but not inside svg", () => {
    const page = makePage('<body><image src="/a.png"><svg><image href="/b.svg"></image></svg></body>');
    expect(tags(page, "img").map((i) => i.getAttribute("src"))).toEqual(["/a.png"]);
  });

  it('closes a comment at "--!>" as browsers do, instead of swallowing the rest of the page', () => {
    const page = makePage(`<html><head><!-- old --!>${description}</head><body><h1>x</h1></body></html>`);
    expect(headNames(page.html)).toEqual(["meta:description"]);
    expect(tags(page, "h1")).toHaveLength(1);
    expect(page.html).toContain("--!>");
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

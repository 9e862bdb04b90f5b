import { describe, expect, it } from "vitest";
import { crawlableAnchors } from "../../../src/analysis/checks/crawlable-anchors";
import { makePage } from "../../helpers/page";

const run = (html: string) => crawlableAnchors.run(makePage(html));

describe("crawlable_anchors check", () => {
  it("passes real hrefs and the anchors Lighthouse skips", () => {
    const v = run(
      '<a href="/a">a</a><a role="button">b</a><a href="mailto:x@y.z">m</a><a id="top"></a>' +
        '<a name="old-anchor"></a><a href="https://example.com/x y">c</a>',
    );
    expect(v).toEqual({ passed: true, value: { anchors: 6, uncrawlable: 0 } });
  });

  it("fails javascript:void(0), missing href and file: links", () => {
    const v = run('<a href="javascript: void(0)">v</a><a onclick="go()">no href</a><a href="file:///C:/x" name="n">f</a><a href="/ok">ok</a>');
    expect(v).toEqual({
      passed: false,
      value: { anchors: 4, uncrawlable: 3 },
      errors: {
        uncrawlable: [
          { href: "javascript: void(0)", text: "v" },
          { href: null, text: "no href" },
          { href: "file:///C:/x", text: "f" },
        ],
      },
    });
  });

  it("fails an href that does not parse as a URL", () => {
    expect(run('<a href="http://[broken">x</a>').errors).toEqual({ uncrawlable: [{ href: "http://[broken", text: "x" }] });
    expect(run('<a href="//[broken">x</a><a href="\\\\[broken">y</a>').passed).toBe(false);
    expect(run('<a href="a b/c?d=e#f">x</a><a href="/ok path">y</a>').passed).toBe(true);
  });

  it("passes an empty or whitespace-only href, which resolves to the page itself (as in Lighthouse)", () => {
    expect(run('<a href="">self</a><a href="  ">blank</a><a href="\n\t">tabs</a>')).toEqual({
      passed: true,
      value: { anchors: 3, uncrawlable: 0 },
    });
  });

  it("passes the real-world shapes of documentation pages: empty hrefs in a theme switcher and a logo link", () => {
    const html =
      '<header><a class="logo" href=""><img src="/logo.svg" alt="Docs"></a>' +
      '<nav><a href="" class="theme-toggle" aria-label="Toggle theme">◐</a><a href="/guide/">Guide</a></nav></header>' +
      '<main><h1 id="intro"><a href="" class="anchor" aria-hidden="true">#</a>Intro</h1></main>';
    expect(run(html)).toEqual({ passed: true, value: { anchors: 4, uncrawlable: 0 } });
  });

  it("passes a placeholder <a> with no href (Lighthouse 13.5), unless an inline event handler makes it a script link", () => {
    expect(run('<a class="btn">go</a><a href="">ok</a><a aria-current="page">Here</a><a class="x" id="">y</a>')).toEqual({
      passed: true,
      value: { anchors: 4, uncrawlable: 0 },
    });
    expect(run('<a class="btn" onmousedown="go()">go</a>').errors).toEqual({ uncrawlable: [{ href: null, text: "go" }] });
  });

  it("fails an <a> with no href but an attribute that only means something with one", () => {
    for (const attribute of ["target=_blank", "download", "ping=/p", "rel=next", "hreflang=de", "type=text/html", "referrerpolicy=no-referrer"]) {
      expect(run(`<a aria-current="page" ${attribute}>x</a>`).passed, attribute).toBe(false);
    }
  });

  it("follows Lighthouse's case-sensitive javascript:void(0) pattern", () => {
    expect(run('<a href="javascript:;">a</a><a href="JavaScript:Void(0)">b</a>').passed).toBe(true);
    expect(run('<a href="x javascript:void0">a</a>').passed).toBe(false);
  });

  it("fails file: hrefs even when whitespace hides the scheme or the link has a name", () => {
    expect(run('<a href=" fi le:///tmp/x.html">x</a><a href="file:///C:/y" name="y">y</a>').value).toEqual({ anchors: 2, uncrawlable: 2 });
  });
});

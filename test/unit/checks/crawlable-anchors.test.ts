import { describe, expect, it } from "vitest";
import { crawlableAnchors } from "../../../src/analysis/checks/crawlable-anchors";
import { makePage } from "../../helpers/page";

const run = (html: string) => crawlableAnchors.run(makePage(html));

describe("crawlable_anchors check", () => {
  it("passes real hrefs and the anchors Lighthouse skips", () => {
    const v = run(
      '<a href="/a">a</a><a role="button">b</a><a href="mailto:x@y.z">m</a><a id="top"></a>' +
        '<a name="old-anchor"></a><a aria-current="page">Here</a><a href="https://example.com/x y">c</a>',
    );
    expect(v).toEqual({ passed: true, value: { anchors: 7, uncrawlable: 0 } });
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

  it("fails an empty href, as checks.md says (Lighthouse would let it pass)", () => {
    expect(run('<a href="">self</a><a href="  ">blank</a>').errors).toEqual({
      uncrawlable: [
        { href: "", text: "self" },
        { href: "  ", text: "blank" },
      ],
    });
  });

  it("fails an aria-current placeholder that carries href-only attributes", () => {
    expect(run('<a aria-current="page" target="_blank">x</a>').passed).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { findHeadEnder, lineAt } from "../../src/analysis/head-source";

describe("findHeadEnder (the source's head, read with the standard's head modes)", () => {
  it("finds the element that ends the head and its offset", () => {
    const html = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>a <b> c</title>\n<iframe src="x"></iframe>\n<meta name="description">';
    const ender = findHeadEnder(html)!;
    expect(ender.tag).toBe("iframe");
    expect(html.slice(ender.offset, ender.offset + 7)).toBe("<iframe");
    expect(lineAt(html, ender.offset)).toBe(6);
  });

  it("skips comments, script, style, noscript and template content, and quoted '>' in attributes", () => {
    const html =
      '<head><!-- <img> --><!--> <!-- x --!><script>"<div>"</script><STYLE>a>b{}</STYLE>' +
      '<noscript><img src=p></noscript><template><p>t</p></template><meta content="a>b" name=x></p></div><img src=y>';
    expect(findHeadEnder(html)).toEqual({ tag: "img", offset: html.lastIndexOf("<img") });
  });

  it("finds non-blank text, counting U+00A0 as content", () => {
    expect(findHeadEnder("<head>\n \u00a0<meta>")).toEqual({ tag: "#text", offset: 8 });
    expect(findHeadEnder("x<!doctype html><head>")).toEqual({ tag: "#text", offset: 0 });
  });

  it("treats </br> as a <br> and <image> as an <img>", () => {
    expect(findHeadEnder("<head></br>")?.tag).toBe("br");
    expect(findHeadEnder("<head><image src=a>")?.tag).toBe("img");
  });

  it("returns null when the body starts first, and reads metadata after </head> as head", () => {
    expect(findHeadEnder('<head><meta name=a></head>\n<link rel=canonical href=/x><body><img src=x>')).toBeNull();
    expect(findHeadEnder("<head></head><noscript></noscript>")?.tag).toBe("noscript");
  });
});

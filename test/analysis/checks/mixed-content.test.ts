import { describe, expect, it } from "vitest";
import { mixedContent } from "../../../src/analysis/checks/mixed-content";
import { makePage } from "../../helpers/page";

describe("mixed_content check", () => {
  it("passes an https page whose resources are https, relative or protocol-relative", () => {
    const html = '<script src="/a.js"></script><link rel="stylesheet" href="//cdn.example.net/a.css"><img src="https://img.example.net/a.png"><a href="http://plain.example.net/">links are not loads</a>';
    expect(mixedContent.run(makePage(html))).toEqual({ passed: true, value: { insecure: 0 } });
  });

  it("fails every kind of http:// load on an https page", () => {
    const html = `
      <script src="http://x.test/a.js"></script>
      <link rel="stylesheet" href="HTTP://x.test/a.css"><link rel="alternate" href="http://x.test/feed">
      <img src="/ok.png" srcset="/ok.png 1x, http://x.test/b.png 2x">
      <video src="http://x.test/v.mp4"></video><audio><source src="http://x.test/a.mp3"></audio>
      <iframe src="http://x.test/frame"></iframe><form action="http://x.test/post"></form>
      <object data="http://x.test/o.swf"></object><embed src="http://x.test/e.swf">`;
    const v = mixedContent.run(makePage(html));
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ insecure: 9 });
    expect(v.errors).toEqual({
      insecure_resources: [
        { tag: "script", url: "http://x.test/a.js" },
        { tag: "video", url: "http://x.test/v.mp4" },
        { tag: "source", url: "http://x.test/a.mp3" },
        { tag: "iframe", url: "http://x.test/frame" },
        { tag: "form", url: "http://x.test/post" },
        { tag: "object", url: "http://x.test/o.swf" },
        { tag: "embed", url: "http://x.test/e.swf" },
        { tag: "img", url: "http://x.test/b.png" },
        { tag: "link", url: "http://x.test/a.css" },
      ],
    });
  });

  it("finds http:// written with spaces around it or a tab inside the scheme, as a browser resolves it", () => {
    const v = mixedContent.run(makePage('<script src="  http://x.test/a.js "></script><img src="ht&#9;tp://x.test/b.png"><img src="a:b.png">'));
    expect(v.errors).toEqual({
      insecure_resources: [
        { tag: "script", url: "http://x.test/a.js" },
        { tag: "img", url: "http://x.test/b.png" },
      ],
    });
  });

  it("is not applicable to an http page", () => {
    const v = mixedContent.run(makePage('<img src="http://x.test/a.png">', { url: "http://example.com/" }));
    expect(v).toEqual({ passed: true, value: "not an https page", applicable: false });
  });
});

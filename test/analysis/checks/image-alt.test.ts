import { describe, expect, it } from "vitest";
import { imageAlt } from "../../../src/analysis/checks/image-alt";
import { makePage } from "../../helpers/page";

describe("image_alt check", () => {
  it("passes alt text, empty decorative alt, labels, titles and presentational roles", () => {
    const v = imageAlt.run(
      makePage(
        '<img src="a.png" alt="A cat"><img src="b.png" alt=""><img src="c.png" aria-label="Logo">' +
          '<img src="d.png" title="Chart"><img src="e.png" role="presentation"><img src="f.png" role="none">' +
          '<span id="cap">Caption</span><img src="g.png" aria-labelledby="missing cap">',
      ),
    );
    expect(v).toEqual({ passed: true, value: { images: 7, without_alt: 0 } });
  });

  it("fails an <img> without alt", () => {
    const v = imageAlt.run(makePage('<img src="a.png" alt="ok"><img src="/b.jpg"><img src="c.jpg" aria-label=" ">'));
    expect(v).toEqual({ passed: false, value: { images: 3, without_alt: 2 }, errors: { missing_alt: ["/b.jpg", "c.jpg"] } });
  });

  it("fails aria-labelledby that points at nothing with text", () => {
    const v = imageAlt.run(makePage('<span id="e"></span><img src="a.png" aria-labelledby="e nope">'));
    expect(v.errors).toEqual({ missing_alt: ["a.png"] });
  });

  it("fails an alt made only of spaces, as axe does", () => {
    const v = imageAlt.run(makePage('<img src="a.png" alt="  ">'));
    expect(v).toEqual({ passed: false, value: { images: 1, without_alt: 1 }, errors: { whitespace_alt: ["a.png"] } });
  });

  it("skips images hidden from assistive technology", () => {
    const v = imageAlt.run(makePage('<img src="a.png" aria-hidden="true"><div aria-hidden="true"><img src="b.png"></div><img src="c.png" alt="c">'));
    expect(v).toEqual({ passed: true, value: { images: 1, without_alt: 0 } });
  });

  it("is not applicable without images", () => {
    expect(imageAlt.run(makePage("<p>text</p>"))).toEqual({ passed: true, value: "no images", applicable: false });
  });

  it("does not count a tracking pixel inside noscript, which is text to a browser running scripts", () => {
    const v = imageAlt.run(makePage('<body><noscript><img height="1" width="1" src="https://px.example/tr?id=1"></noscript><img src="/a.png" alt="A"></body>'));
    expect(v.passed).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { imageFormat } from "../../../src/analysis/checks/image-format";
import { makePage } from "../../helpers/page";

const run = (html: string) => imageFormat.run(makePage(html));

describe("image_format check", () => {
  it("passes AVIF, WebP and SVG images, whatever the case or query string", () => {
    const v = run('<img src="/a.AVIF"><img src="/b.webp?v=2"><img src="/logo.svg"><img src="data:image/webp;base64,UklGR">');
    expect(v).toEqual({ passed: true, value: { images: 4, not_modern: 0 } });
  });

  it("passes a JPEG inside a <picture> with a WebP or AVIF <source>", () => {
    const typed = '<picture><source type="image/avif" srcset="/a.avif"><img src="/a.jpg"></picture>';
    const byExtension = '<picture><source srcset="/b.webp 1x, /b@2x.webp 2x"><img src="/b.jpg"></picture>';
    expect(run(typed + byExtension)).toEqual({ passed: true, value: { images: 2, not_modern: 0 } });
  });

  it("fails PNG and JPEG images and data: URIs", () => {
    const v = run('<img src="/photo.jpg"><img src="/chart.PNG"><img src="data:image/png;base64,iVBOR">');
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ images: 3, not_modern: 3 });
    expect(v.errors).toEqual({
      legacy_format: ["/photo.jpg", "/chart.PNG", "data:image/png;base64,iVBOR"],
    });
  });

  it("fails a WebP image whose srcset offers a JPEG", () => {
    const v = run('<img src="/a.webp" srcset="/a.webp 1x, https://cdn.example.net/w_800,h_600/a.jpg 2x">');
    expect(v.errors).toEqual({ legacy_format: ["https://cdn.example.net/w_800,h_600/a.jpg"] });
  });

  it("fails a <picture> whose only <source> is another legacy format", () => {
    const v = run('<picture><source type="image/png" srcset="/a.png"><img src="/a.jpg"></picture>');
    expect(v.errors).toEqual({ legacy_format: ["/a.jpg"] });
  });

  it("fails an image without a recognisable extension as of unknown format", () => {
    const v = run('<img src="/image?id=42"><img src="/a.webp">');
    expect(v.value).toEqual({ images: 2, not_modern: 1 });
    expect(v.errors).toEqual({ unknown_format: ["/image?id=42"] });
  });

  it("is not applicable to a page without images", () => {
    expect(run("<p>no pictures</p><img>")).toEqual({ passed: true, value: "no images", applicable: false });
  });
});

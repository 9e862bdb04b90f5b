import { describe, expect, it } from "vitest";
import { imageDimensions } from "../../../src/analysis/checks/image-dimensions";
import { makePage } from "../../helpers/page";

describe("image_dimensions check", () => {
  it("passes images that all have width and height", () => {
    const v = imageDimensions.run(makePage('<img src="/a.png" width="10" height="20"><img src="/b.png" width="1" height="1">'));
    expect(v).toEqual({ passed: true, value: { images: 2, without_dimensions: 0 } });
  });

  it("fails images missing width, height or with an empty one", () => {
    const v = imageDimensions.run(
      makePage('<img src="/ok.png" width="1" height="1"><img src="/a.png" width="10"><img src="/b.png" height="5"><img src="/c.png" width="" height="5">'),
    );
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ images: 4, without_dimensions: 3 });
    expect(v.errors).toEqual({ missing_dimensions: ["/a.png", "/b.png", "/c.png"] });
  });

  it("is not applicable to a page without images", () => {
    expect(imageDimensions.run(makePage("<p>text</p>"))).toEqual({ passed: true, value: "no images", applicable: false });
  });
});

import { describe, expect, it } from "vitest";
import { metaViewport } from "../../../src/analysis/checks/meta-viewport";
import { makePage } from "../../helpers/page";

describe("meta_viewport check", () => {
  it("passes width=device-width, tolerating spaces and case", () => {
    expect(metaViewport.run(makePage('<meta name="viewport" content="width=device-width, initial-scale=1">'))).toEqual({
      passed: true,
      value: "width=device-width, initial-scale=1",
    });
    expect(metaViewport.run(makePage('<meta name="Viewport" content="initial-scale=1 , Width = Device-Width">')).passed).toBe(true);
  });

  it("fails a page without a viewport meta tag", () => {
    expect(metaViewport.run(makePage("<title>x</title>"))).toEqual({ passed: false, value: null, errors: { missing: true } });
  });

  it("fails a viewport with a fixed width", () => {
    expect(metaViewport.run(makePage('<meta name="viewport" content="width=1024">'))).toEqual({
      passed: false,
      value: "width=1024",
      errors: { no_device_width: true },
    });
  });

  it("does not read a viewport after an element that ended the head", () => {
    const html = '<html><head><input type="hidden"><meta name="viewport" content="width=device-width"></head><body></body></html>';
    expect(metaViewport.run(makePage(html)).passed).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { domSize } from "../../../src/analysis/checks/dom-size";
import { makePage } from "../../helpers/page";

const html = (divs: number) => `<html><head></head><body>${"<div></div>".repeat(divs)}</body></html>`;

describe("dom_size check", () => {
  it("passes a page of at most 1,500 elements and counts them", () => {
    // html, head and body are elements too.
    expect(domSize.run(makePage(html(1497)))).toEqual({ passed: true, value: 1500 });
  });

  it("fails a page with more elements", () => {
    const v = domSize.run(makePage(html(1498)));
    expect(v).toEqual({ passed: false, value: 1501, errors: { too_many_elements: { count: 1501, max: 1500 } } });
  });

  it("uses the configured limit", () => {
    const v = domSize.run(makePage(html(10), { settings: { maxDomElements: 5 } }));
    expect(v.errors).toEqual({ too_many_elements: { count: 13, max: 5 } });
  });
});

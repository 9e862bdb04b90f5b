import { describe, expect, it } from "vitest";
import { metaDescription } from "../../../src/analysis/checks/meta-description";
import { makePage } from "../../helpers/page";

describe("meta_description check", () => {
  it("passes a description with content, whatever the name's case", () => {
    const v = metaDescription.run(makePage('<head><meta name="Description" content="  A page about things. "></head>'));
    expect(v).toEqual({ passed: true, value: "A page about things." });
  });

  it("fails a missing description", () => {
    expect(metaDescription.run(makePage("<head><title>x</title></head>"))).toEqual({ passed: false, value: null, errors: { missing: true } });
  });

  it("fails an empty description", () => {
    expect(metaDescription.run(makePage('<meta name="description" content="  ">'))).toEqual({ passed: false, value: "", errors: { empty: true } });
  });

  it("reads only the first of several descriptions, as Lighthouse 13.5 does: content first passes", () => {
    const v = metaDescription.run(makePage('<meta name="description" content="one"><meta name="DESCRIPTION" content="two"><meta name="description" content="">'));
    expect(v).toEqual({ passed: true, value: "one" });
  });

  it("fails an empty first description even when a later one has content", () => {
    const v = metaDescription.run(makePage('<meta name="description" content=""><meta name="description" content="Shoes for every season">'));
    expect(v).toEqual({ passed: false, value: "", errors: { empty: true } });
  });

  it("counts a description without a content attribute as empty", () => {
    expect(metaDescription.run(makePage('<meta name="description"><meta name="description" content="Shoes">'))).toEqual({ passed: false, value: "", errors: { empty: true } });
  });

  it("fails a description after an iframe in the head, which a browser, Google and Lighthouse read as body content", () => {
    const html = '<!doctype html><html><head><title>Shoes</title><iframe src="https://tags.example/ns"></iframe><meta name="description" content="All about shoes"></head><body><h1>Shoes</h1></body></html>';
    expect(metaDescription.run(makePage(html))).toEqual({ passed: false, value: null, errors: { missing: true } });
  });

  it("reads a description between </head> and <body> (still head to a browser)", () => {
    expect(metaDescription.run(makePage('<html><head></head><meta name="description" content="Shoes"><body></body></html>')).passed).toBe(true);
  });
});

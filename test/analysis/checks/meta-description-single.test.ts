import { describe, expect, it } from "vitest";
import { metaDescriptionSingle } from "../../../src/analysis/checks/meta-description-single";
import { makePage } from "../../helpers/page";

const run = (head: string) => metaDescriptionSingle.run(makePage(`<!doctype html><html><head>${head}</head><body><p>x</p></body></html>`));

describe("meta_description_single check", () => {
  it("passes one description", () => {
    expect(run('<meta name="description" content="Shoes">')).toEqual({ passed: true, value: 1 });
  });

  it("passes a page without a description (meta_description reports that)", () => {
    expect(run("<title>Shoes</title>")).toEqual({ passed: true, value: 0 });
  });

  it("passes copies of one text, whatever the name's case and the spaces around the content", () => {
    expect(run('<meta name="description" content="Shoes"><meta name="Description" content="  Shoes ">')).toEqual({ passed: true, value: 2 });
  });

  it("fails descriptions that disagree, naming each other content once", () => {
    const v = run('<meta name="description" content="Shoes"><meta name="description" content="Boots"><meta name="description" content="Boots"><meta name="description" content="Shoes">');
    expect(v).toEqual({ passed: false, value: 4, errors: { others: ["Boots"] } });
  });

  it("fails a description with content beside an empty one, in either order", () => {
    expect(run('<meta name="description" content="Shoes"><meta name="description" content="">')).toEqual({ passed: false, value: 2, errors: { others: [""] } });
    expect(run('<meta name="description" content=""><meta name="description" content="Shoes">')).toEqual({ passed: false, value: 2, errors: { others: ["Shoes"] } });
  });

  it("ignores a description the head does not hold (after an element that ended it early)", () => {
    expect(run('<meta name="description" content="Shoes"><iframe src="https://tags.example/ns"></iframe><meta name="description" content="Boots">')).toEqual({ passed: true, value: 1 });
  });
});

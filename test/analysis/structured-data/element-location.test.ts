import { describe, expect, it } from "vitest";
import { elementLocation } from "../../../src/analysis/structured-data/element-location";
import { makePage } from "../../helpers/page";

const find = (html: string, selector: string) => makePage(`<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`).document.querySelector(selector)!;

describe("elementLocation", () => {
  it("starts at the nearest ancestor with an id", () => {
    expect(elementLocation(find('<main id="m"><div><span class="x">a</span></div></main>', ".x"))).toBe("main#m > div > span");
  });

  it("counts same-tag siblings, and stops at body", () => {
    expect(elementLocation(find('<div>a</div><div><p>1</p><p class="x">2</p></div>', ".x"))).toBe("body > div:nth-of-type(2) > p:nth-of-type(2)");
  });

  it("goes at most five steps up", () => {
    const deep = find('<div><div><div><div><div><div><b class="x">x</b></div></div></div></div></div></div>', ".x");
    expect(elementLocation(deep).split(" > ")).toHaveLength(5);
  });
});

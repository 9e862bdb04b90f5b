import { describe, expect, it } from "vitest";
import { renderedLinks } from "../../../src/analysis/checks/rendered-links";
import { makeRenderedPage } from "../../helpers/page";

const links = (...hrefs: string[]) => hrefs.map((h) => `<a href="${h}">${h}</a>`).join("");
const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `/p${from + i}`);

describe("rendered_links check", () => {
  it("passes when the rendered links are all in the raw HTML (fragments and relative forms aside)", () => {
    const v = renderedLinks.run(makeRenderedPage(links("/a", "https://example.com/b"), links("/a#top", "/b")));
    expect(v).toEqual({ passed: true, value: [] });
  });

  it("passes 10% of links added by script, and lists them", () => {
    const v = renderedLinks.run(makeRenderedPage(links(...numbered(0, 9)), links(...numbered(0, 10))));
    expect(v).toEqual({ passed: true, value: ["https://example.com/p9"] });
  });

  it("fails past 10%, listing at most 20 of the script-only links", () => {
    const v = renderedLinks.run(makeRenderedPage("<p>empty shell</p>", links(...numbered(0, 30))));
    expect(v.passed).toBe(false);
    expect(v.value).toHaveLength(20);
    expect((v.value as string[])[0]).toBe("https://example.com/p0");
    expect(v.errors).toEqual({ script_only_links: { count: 30, of: 30, percent: 100 } });
  });

  it("counts crawlable links only: javascript: and links without href are not links", () => {
    const v = renderedLinks.run(makeRenderedPage(links("/a"), links("/a") + '<a href="javascript:void(0)">x</a><a>y</a><a href="mailto:a@b.c">m</a>'));
    expect(v.passed).toBe(true);
  });
});

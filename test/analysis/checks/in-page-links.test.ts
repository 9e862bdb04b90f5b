import { describe, expect, it } from "vitest";
import { inPageLinks } from "../../../src/analysis/checks/in-page-links";
import { makePage } from "../../helpers/page";

const links = (n: number, href = "/p") => Array.from({ length: n }, () => `<a href="${href}">x</a>`).join("");

describe("in_page_links check", () => {
  it("passes up to 150 links and ignores fragment links and anchors without href", () => {
    const v = inPageLinks.run(makePage(links(150) + links(20, "#top") + "<a name='x'>y</a>"));
    expect(v).toEqual({ passed: true, value: 150 });
  });

  it("fails more links than the configured maximum", () => {
    const v = inPageLinks.run(makePage(links(11), { settings: { maxInPageLinks: 10 } }));
    expect(v).toEqual({ passed: false, value: 11, errors: { too_many: { count: 11, max: 10 } } });
  });
});

import { describe, expect, it } from "vitest";
import { hreflangReturnLinks } from "../../../src/site/checks/hreflang-return-links";
import { audited, u, view } from "../../helpers/site-view";

describe("hreflang_return_links", () => {
  it("fails with alternates that do not link back", () => {
    const pages = [audited("/en", { hreflang: [u("/fr"), u("/de")] }), audited("/fr", { hreflang: [u("/en")] }), audited("/de", { hreflang: [u("/de")] })];
    expect(hreflangReturnLinks.run(view(pages)).examples).toEqual([{ url: u("/en"), alternate: u("/de") }]);
  });
  it("passes with reciprocal pairs, and does not apply without hreflang", () => {
    expect(hreflangReturnLinks.run(view([audited("/en", { hreflang: [u("/fr")] }), audited("/fr", { hreflang: [u("/en")] })])).passed).toBe(true);
    expect(hreflangReturnLinks.run(view([audited("/en")])).applicable).toBe(false);
  });
});

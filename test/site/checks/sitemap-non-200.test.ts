import { describe, expect, it } from "vitest";
import { sitemapNon200 } from "../../../src/site/checks/sitemap-non-200";
import { audited, u, view } from "../../helpers/site-view";

describe("sitemap_non_200", () => {
  it("fails with sitemap URLs that answered non-2xx or redirected", () => {
    const pages = [audited("/ok"), audited("/gone", { status: 410 }), audited("/moved", { redirects: 1, url: u("/ok") }), audited("/linked", { status: 500 }, false)];
    expect(sitemapNon200.run(view(pages))).toMatchObject({ passed: false, count: 2, examples: [u("/gone"), u("/moved")] });
  });
  it("passes when every sitemap URL answered 200, and does not apply without a sitemap", () => {
    expect(sitemapNon200.run(view([audited("/ok")])).passed).toBe(true);
    expect(sitemapNon200.run(view([audited("/gone", { status: 404 })], { sitemapRead: false })).applicable).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { sitemapNoindex } from "../../../src/site/checks/sitemap-noindex";
import { audited, u, view } from "../../helpers/site-view";

describe("sitemap_noindex", () => {
  it("fails with the noindex sitemap URLs", () => {
    expect(sitemapNoindex.run(view([audited("/a"), audited("/hidden", { noindex: true })])).examples).toEqual([u("/hidden")]);
  });
  it("passes when none is noindex, and does not apply without a sitemap", () => {
    expect(sitemapNoindex.run(view([audited("/a")])).passed).toBe(true);
    expect(sitemapNoindex.run(view([audited("/h", { noindex: true })], { sitemapRead: false })).applicable).toBe(false);
  });
});

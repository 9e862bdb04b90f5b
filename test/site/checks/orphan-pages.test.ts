import { describe, expect, it } from "vitest";
import { orphanPages } from "../../../src/site/checks/orphan-pages";
import { audited, u, view } from "../../helpers/site-view";

describe("orphan_pages", () => {
  it("fails with sitemap URLs no other audited page links to (a self-link does not count)", () => {
    const pages = [audited("/", { links: [u("/a")] }), audited("/a", { links: [u("/")] }), audited("/lonely", { links: [u("/lonely")] })];
    expect(orphanPages.run(view(pages)).examples).toEqual([u("/lonely")]);
  });
  it("passes when every sitemap URL is linked, and does not apply to a partial link graph or without a sitemap", () => {
    const pages = [audited("/", { links: [u("/a")] }), audited("/a", { links: [u("/")] })];
    expect(orphanPages.run(view(pages)).passed).toBe(true);
    expect(orphanPages.run(view([audited("/x")], { linkGraphPartial: true })).applicable).toBe(false);
    expect(orphanPages.run(view([audited("/x")], { sitemapRead: false })).applicable).toBe(false);
  });
});

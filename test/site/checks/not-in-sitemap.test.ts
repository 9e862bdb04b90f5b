import { describe, expect, it } from "vitest";
import { notInSitemap } from "../../../src/site/checks/not-in-sitemap";
import { MAX_EXAMPLES } from "../../../src/site/checks/helpers";
import { audited, blocked, u, view } from "../../helpers/site-view";

const linkOnly = (path: string, facts: Parameters<typeof audited>[1] = {}) => audited(path, facts, false);

describe("not_in_sitemap", () => {
  it("fails with the indexable 200 pages only links reach, each once by its final URL", () => {
    const pages = [
      audited("/"),
      linkOnly("/only"),
      linkOnly("/only?ref=nav", { url: u("/only") }),
      linkOnly("/gone", { status: 404 }),
      linkOnly("/hidden", { noindex: true }),
      linkOnly("/copy", { canonical: u("/") }),
      linkOnly("/self", { canonical: u("/self") }),
      // Redirects to a listed page: the sitemap has it under its final URL.
      linkOnly("/moved", { url: u("/"), redirects: 1 }),
      blocked("/private", false),
    ];
    expect(notInSitemap.run(view(pages))).toEqual({ passed: false, applicable: true, count: 2, examples: [u("/only"), u("/self")] });
  });

  it("passes when every linked page is listed, and caps examples while counting all", () => {
    expect(notInSitemap.run(view([audited("/"), audited("/a")])).passed).toBe(true);
    const many = Array.from({ length: 25 }, (_, i) => linkOnly(`/p${i}`));
    const verdict = notInSitemap.run(view([audited("/"), ...many]));
    expect(verdict.count).toBe(25);
    expect(verdict.examples).toHaveLength(MAX_EXAMPLES);
  });

  it("does not apply without a sitemap, or when links were not followed", () => {
    expect(notInSitemap.run(view([linkOnly("/x")], { sitemapRead: false })).applicable).toBe(false);
    expect(notInSitemap.run(view([linkOnly("/x")], { linksFollowed: false })).applicable).toBe(false);
  });
});

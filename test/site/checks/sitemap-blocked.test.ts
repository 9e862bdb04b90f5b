import { describe, expect, it } from "vitest";
import { sitemapBlocked } from "../../../src/site/checks/sitemap-blocked";
import { audited, blocked, u, view } from "../../helpers/site-view";

describe("sitemap_blocked", () => {
  it("fails with sitemap URLs robots.txt disallows", () => {
    expect(sitemapBlocked.run(view([audited("/a"), blocked("/private"), blocked("/linked-only", false)])).examples).toEqual([u("/private")]);
  });
  it("passes when none is blocked", () => {
    expect(sitemapBlocked.run(view([audited("/a")])).passed).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { sitemapCanonicalised } from "../../../src/site/checks/sitemap-canonicalised";
import { audited, u, view } from "../../helpers/site-view";

describe("sitemap_canonicalised", () => {
  it("fails with sitemap URLs whose canonical is another URL", () => {
    expect(sitemapCanonicalised.run(view([audited("/copy", { canonical: u("/main") }), audited("/main", { canonical: u("/main") })])).examples).toEqual([u("/copy")]);
  });
  it("passes with self-canonicals or none", () => {
    expect(sitemapCanonicalised.run(view([audited("/main", { canonical: u("/main") }), audited("/b")])).passed).toBe(true);
  });
});

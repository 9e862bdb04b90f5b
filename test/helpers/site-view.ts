import type { PageFacts } from "../../src/site/page-facts";
import type { SitePage, SiteView } from "../../src/site/checks/types";

export const u = (path: string) => `https://shop.example${path}`;

/** An audited page with tiny facts: final URL = its URL, 200, no redirects, unless overridden. */
export function audited(path: string, facts: Partial<PageFacts> = {}, inSitemap = true): SitePage {
  return {
    url: u(path),
    state: "audited",
    inSitemap,
    facts: { url: u(path), status: 200, redirects: 0, title: null, description: null, h1: null, canonical: null, noindex: false, hreflang: [], links: [], ...facts },
  };
}

export const blocked = (path: string, inSitemap = true): SitePage => ({ url: u(path), state: "blocked", inSitemap, facts: null });

export const view = (pages: SitePage[], options: Partial<Omit<SiteView, "pages">> = {}): SiteView => ({
  pages,
  sitemapRead: true,
  linkGraphPartial: false,
  linksFollowed: true,
  llms: null,
  links: new Map(),
  ...options,
});

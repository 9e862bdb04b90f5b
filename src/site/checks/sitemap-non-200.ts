import { isOk, sitemapCheck } from "./helpers";

export const sitemapNon200 = sitemapCheck(
  {
    id: "sitemap_non_200",
    title: "Sitemap URLs answer 200 without redirecting",
    fix: "List only final, working URLs in the sitemap: replace redirected URLs by their target and drop dead ones.",
  },
  (p) => Boolean(p.facts && (!isOk(p.facts.status) || p.facts.redirects > 0)),
);

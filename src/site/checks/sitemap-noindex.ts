import { sitemapCheck } from "./helpers";

export const sitemapNoindex = sitemapCheck(
  {
    id: "sitemap_noindex",
    title: "Sitemap URLs may be indexed",
    fix: "Remove noindex pages from the sitemap, or remove the noindex if the page should be found.",
  },
  (page) => page.facts?.noindex === true,
);

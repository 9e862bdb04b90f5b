import { sitemapCheck } from "./helpers";

export const sitemapBlocked = sitemapCheck(
  {
    id: "sitemap_blocked",
    title: "robots.txt allows every sitemap URL",
    fix: "Either allow these URLs in robots.txt or take them out of the sitemap.",
  },
  (page) => page.state === "blocked",
);

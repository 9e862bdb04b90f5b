import { sitemapCheck } from "./helpers";

export const sitemapCanonicalised = sitemapCheck(
  {
    id: "sitemap_canonicalised",
    title: "Sitemap URLs are their own canonical",
    fix: "List the canonical URL in the sitemap instead of a URL whose canonical points elsewhere.",
  },
  (p) => Boolean(p.facts?.canonical && p.facts.canonical !== p.url && p.facts.canonical !== p.facts.url),
);

import { tags } from "../parse";
import type { Check, Page } from "../types";
import { fail, pass } from "../verdict";
import { closestTag, relTokens } from "./seo-helpers";
import { isLazy, isNetworkUrl, resolveAttr, resolveUrl, srcsetUrls } from "./resource-urls";

type Kind = "scripts" | "stylesheets" | "images" | "media" | "iframes";

// With scripting on, a browser never loads what sits in <noscript>.
const loads = (el: Element): boolean => closestTag(el, "noscript") === null;

/** The distinct URLs of each kind the HTML makes the browser fetch during the load. */
function resources(page: Page): Record<Kind, Set<string>> {
  const found: Record<Kind, Set<string>> = {
    scripts: new Set(),
    stylesheets: new Set(),
    images: new Set(),
    media: new Set(),
    iframes: new Set(),
  };
  const add = (kind: Kind, url: URL | null) => {
    if (isNetworkUrl(url)) found[kind].add(url.href);
  };
  for (const el of tags(page, "script")) if (loads(el)) add("scripts", resolveAttr(el, "src", page.url));
  for (const el of tags(page, "link")) {
    if (relTokens(el).includes("stylesheet")) add("stylesheets", resolveAttr(el, "href", page.url));
  }
  for (const el of tags(page, "img")) {
    if (isLazy(el) || !loads(el)) continue;
    // A browser fetches one candidate per image, whichever it picks: src, or else the first srcset entry.
    const first = srcsetUrls(el.getAttribute("srcset"))[0];
    add("images", resolveAttr(el, "src", page.url) ?? (first === undefined ? null : resolveUrl(first, page.url)));
  }
  for (const tag of ["video", "audio"]) {
    for (const el of tags(page, tag)) if (loads(el)) add("media", resolveAttr(el, "src", page.url));
  }
  for (const el of tags(page, "source")) {
    const parent = el.parentElement?.localName.toLowerCase();
    if ((parent === "video" || parent === "audio") && loads(el)) add("media", resolveAttr(el, "src", page.url));
  }
  for (const el of tags(page, "iframe")) if (!isLazy(el) && loads(el)) add("iframes", resolveAttr(el, "src", page.url));
  return found;
}

export const httpRequests: Check = {
  id: "http_requests",
  category: "performance",
  importance: "medium",
  title: "The page does not load too many resources",
  fix: "Bundle scripts and stylesheets, lazy-load images and iframes below the fold, and drop unused resources.",
  run(page) {
    const found = resources(page);
    const breakdown = {
      scripts: found.scripts.size,
      stylesheets: found.stylesheets.size,
      images: found.images.size,
      media: found.media.size,
      iframes: found.iframes.size,
    };
    const count = Object.values(breakdown).reduce((sum, n) => sum + n, 0);
    const max = page.settings.maxHttpRequests;
    const value = { count, breakdown };
    if (count <= max) return pass(value);
    return fail(value, { too_many_requests: { count, max } });
  },
};

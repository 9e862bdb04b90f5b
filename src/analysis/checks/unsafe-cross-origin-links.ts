import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { isNetworkUrl, resolveAttr, shortUrl } from "./resource-urls";
import { capList, relTokens } from "./seo-helpers";

export const unsafeCrossOriginLinks: Check = {
  id: "unsafe_cross_origin_links",
  category: "security",
  importance: "medium",
  title: 'External links that open a new tab use rel="noopener" or "noreferrer"',
  fix: 'Add rel="noopener" (or "noreferrer") to every external link with target="_blank".',
  run(page) {
    let external = 0;
    const unsafe: string[] = [];
    for (const a of tags(page, "a")) {
      if ((a.getAttribute("target") ?? "").trim().toLowerCase() !== "_blank") continue;
      const url = resolveAttr(a, "href", page.url);
      if (!isNetworkUrl(url) || url.origin === page.url.origin) continue;
      external++;
      const rel = relTokens(a);
      if (!rel.includes("noopener") && !rel.includes("noreferrer")) unsafe.push(shortUrl(url.href));
    }
    const value = { external_new_tab_links: external, unsafe: unsafe.length };
    if (unsafe.length === 0) return pass(value);
    return fail(value, { missing_noopener: capList(unsafe) });
  },
};

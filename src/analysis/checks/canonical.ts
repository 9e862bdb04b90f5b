import { headTags } from "../parse";
import type { Check, Page } from "../types";
import { fail, pass } from "../verdict";
import { headerLinks, relTokens } from "./seo-helpers";
import { alternates } from "./hreflang";

/** Raw canonical hrefs from the head and the Link header; empty hrefs are not references (as in Lighthouse). */
function canonicalHrefs(page: Page): string[] {
  const fromHtml = headTags(page, "link")
    .filter((l) => relTokens(l).includes("canonical"))
    .map((l) => (l.getAttribute("href") ?? "").trim());
  const fromHeader = headerLinks(page)
    .filter((l) => l.rel.includes("canonical"))
    .map((l) => l.href);
  return [...fromHtml, ...fromHeader].filter(Boolean);
}

function parse(href: string, base?: URL): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** Lighthouse 13.5's canonical audit (core/audits/seo/canonical.js), reading the Link header as well as <link>. */
export const canonical: Check = {
  id: "canonical",
  category: "seo",
  importance: "medium",
  title: "The canonical URL is valid and points to a page like this one",
  fix: "Declare one absolute http(s) canonical URL, for this page or its true duplicate, not the home page.",
  run(page) {
    const hrefs = canonicalHrefs(page);
    if (hrefs.length === 0) return pass(null);
    // Lighthouse 13.5: invalid is what does not parse even against a base; relative is what parses only with one
    // (12.2.3 called "http://[bad" relative).
    const invalid = hrefs.find((h) => parse(h, page.url) === null);
    if (invalid !== undefined) return fail(hrefs, { invalid });
    const absolute = hrefs.map((h) => parse(h));
    const relativeAt = absolute.findIndex((url) => url === null);
    if (relativeAt !== -1) return fail(hrefs, { relative: hrefs[relativeAt] });
    // A deliberate difference from Lighthouse, which accepts any scheme: a search engine cannot follow file: or ftp:.
    const otherSchemeAt = absolute.findIndex((url) => url!.protocol !== "http:" && url!.protocol !== "https:");
    if (otherSchemeAt !== -1) {
      return fail(hrefs, { not_http: { href: hrefs[otherSchemeAt], scheme: absolute[otherSchemeAt]!.protocol } });
    }
    const distinct = [...new Set(absolute.map((url) => url!.href))];
    if (distinct.length > 1) return fail(distinct, { conflicting: distinct });

    const target = new URL(distinct[0]!);
    const base = page.url;
    if (target.origin === base.origin && target.pathname === "/" && base.pathname !== "/") {
      return fail(target.href, { points_to_root: target.href });
    }
    // A canonical from one language version to another tells Google to drop this one from its language's results.
    const alternateUrls = new Set(alternates(page).map((a) => parse(a.href, base)?.href));
    if (alternateUrls.has(base.href) && alternateUrls.has(target.href) && base.href !== target.href) {
      return fail(target.href, { points_to_other_language: target.href });
    }
    return pass(target.href);
  },
};

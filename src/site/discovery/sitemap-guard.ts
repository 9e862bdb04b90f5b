import type { Guard } from "../../analysis/fetch-page";
import type { ParseStop } from "./sitemap-parse";

/** Index levels: a top-level index (1), a child index (2), and the sitemaps that one lists (3). */
export const MAX_SITEMAP_DEPTH = 3;

/** Why a sitemap may not be fetched at all (too deep, blocked, another host), or null when it may. */
export function refuseSitemap(url: string, depth: number, guard: Guard, host: string): ParseStop | null {
  if (depth > MAX_SITEMAP_DEPTH) {
    return { code: "sitemap_too_deep", message: `Sitemap indexes are followed ${MAX_SITEMAP_DEPTH} levels deep; this sitemap is deeper and was not read.` };
  }
  const check = guard(url);
  if (!check.ok) return { code: check.code, message: check.message };
  if (check.url.hostname !== host) return { code: "sitemap_other_host", message: otherHost(check.url.hostname, host) };
  return null;
}

const otherHost = (hostname: string, host: string) => `The sitemap is on another host (${hostname}); only sitemaps of ${host} are read.`;

/** The URL guard of page audits, and the site's own host: redirects of a sitemap may not leave it either. */
export function sameHostGuard(guard: Guard, host: string): Guard {
  return (input) => {
    const check = guard(input);
    if (!check.ok || check.url.hostname === host) return check;
    return { ok: false, code: "blocked_url", message: otherHost(check.url.hostname, host) };
  };
}

// Minimal version of the interface the "sitemaps" helper builds; the lead keeps theirs at merge.
const TRACKING = /^(utm_.*|gclid|fbclid)$/i;

/** Absolute http(s) URL, fragment dropped, utm_*, gclid, fbclid dropped, host lower-cased; null when not http(s) or unparseable. */
export function normalizeCrawlUrl(raw: string, base?: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  url.hostname = url.hostname.toLowerCase();
  return url.href;
}

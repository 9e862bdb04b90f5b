/** Query parameters that only say where a visitor came from: the same page with or without them. */
const isTrackingParam = (name: string) => {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || lower === "gclid" || lower === "fbclid";
};

const ABSOLUTE = /^https?:\/\//i;

/** The parameter's name as decoded, or the raw text when its percent-encoding is broken. */
function paramName(pair: string): string {
  const raw = pair.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Absolute http(s) URL, fragment dropped, utm_*, gclid, fbclid dropped, host lower-cased; null when not
 * http(s) or unparseable. The other parameters keep their order and spelling: URLSearchParams would
 * re-encode them (`%20` to `+`), which can name another page on the site's server.
 */
export function normalizeCrawlUrl(raw: string, base?: string | URL): string | null {
  return normalizedUrl(raw, base)?.href ?? null;
}

/** normalizeCrawlUrl as a URL, for callers that also want its parts without parsing it again. */
export function normalizedUrl(raw: string, base?: string | URL): URL | null {
  const trimmed = raw.trim();
  let url: URL;
  try {
    // A base costs a second parse; sitemap <loc>s are almost always absolute already.
    url = base === undefined || ABSOLUTE.test(trimmed) ? new URL(trimmed) : new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Setters re-serialise the whole URL: only touched when there is something to drop (a sitemap has a million).
  if (url.hash !== "" || url.href.endsWith("#")) url.hash = "";
  if (url.search !== "" || url.href.endsWith("?")) {
    const pairs = url.search.slice(1).split("&");
    const kept = pairs.filter((pair) => pair !== "" && !isTrackingParam(paramName(pair)));
    // Also turns a bare trailing "?" into no query at all: the same page.
    if (kept.length !== pairs.length || kept.length === 0) url.search = kept.length ? `?${kept.join("&")}` : "";
  }
  return url;
}

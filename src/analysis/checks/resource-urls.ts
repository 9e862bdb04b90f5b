/** URL helpers shared by the performance and security checks that look at what a page loads. */

/** An attribute resolved against the page, or null when it is absent, empty or not a URL. */
export function resolveAttr(el: Element, name: string, base: URL): URL | null {
  const raw = el.getAttribute(name)?.trim();
  return raw ? resolveUrl(raw, base) : null;
}

export function resolveUrl(raw: string, base: URL): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

/**
 * The URLs of a srcset, per HTML's parsing rules: a URL is a run of non-space characters (so the commas
 * of a data: URI or a CDN transform stay in it), and a comma ends a candidate only after its descriptors.
 */
export function srcsetUrls(srcset: string | null): string[] {
  const urls: string[] = [];
  if (!srcset) return urls;
  let i = 0;
  const n = srcset.length;
  const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
  while (i < n) {
    while (i < n && (isSpace(srcset[i]) || srcset[i] === ",")) i++;
    const start = i;
    while (i < n && !isSpace(srcset[i])) i++;
    let url = srcset.slice(start, i);
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      let inParens = false;
      for (; i < n; i++) {
        const c = srcset[i];
        if (c === "(") inParens = true;
        else if (c === ")") inParens = false;
        else if (c === "," && !inParens) break;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** loading="lazy" defers the request until the element nears the viewport, so it is not part of the load. */
export const isLazy = (el: Element): boolean => (el.getAttribute("loading") ?? "").trim().toLowerCase() === "lazy";

/** Whether a URL costs a network request: data:, blob: and javascript: URLs do not. */
export const isNetworkUrl = (url: URL | null): url is URL => url !== null && (url.protocol === "http:" || url.protocol === "https:");

/** A URL for a report value: long data: URIs are cut so a value stays small. */
export const shortUrl = (url: string): string => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

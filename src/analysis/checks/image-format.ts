import { tags } from "../parse";
import type { Check, Page } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { resolveUrl, shortUrl, srcsetUrls } from "./resource-urls";
import { capList } from "./seo-helpers";

type Format = "modern" | "vector" | "legacy" | "unknown";

const MODERN = new Set(["avif", "webp"]);
const VECTOR = new Set(["svg", "svgz"]);
const LEGACY = new Set(["png", "apng", "jpg", "jpeg", "jpe", "jfif", "pjpeg", "pjp", "gif", "bmp", "ico", "cur", "tif", "tiff", "jxl", "heic", "heif"]);

function formatOfMime(mime: string): Format {
  if (mime === "image/avif" || mime === "image/webp") return "modern";
  if (mime === "image/svg+xml") return "vector";
  return mime.startsWith("image/") ? "legacy" : "unknown";
}

/** The format a URL names: a data: URI by its MIME type, anything else by its path's extension. */
function formatOf(raw: string, base: URL): Format {
  const dataMime = /^\s*data:([^;,]*)/i.exec(raw)?.[1];
  if (dataMime !== undefined) return formatOfMime(dataMime.trim().toLowerCase());
  const url = resolveUrl(raw, base);
  if (!url) return "unknown";
  const ext = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? "";
  if (MODERN.has(ext)) return "modern";
  if (VECTOR.has(ext)) return "vector";
  return LEGACY.has(ext) ? "legacy" : "unknown";
}

const typeOf = (el: Element): string => (el.getAttribute("type") ?? "").split(";")[0]!.trim().toLowerCase();

/** A <picture> whose <source> offers AVIF or WebP lets browsers that can show it skip the <img>'s file. */
function pictureOffersModern(img: Element, base: URL): boolean {
  const picture = img.parentElement;
  if (picture?.localName.toLowerCase() !== "picture") return false;
  for (const source of Array.from(picture.children)) {
    if (source.localName.toLowerCase() !== "source") continue;
    const type = typeOf(source);
    if (type) {
      if (formatOfMime(type) === "modern") return true;
      continue;
    }
    const urls = srcsetUrls(source.getAttribute("srcset"));
    if (urls.length > 0 && urls.every((u) => formatOf(u, base) === "modern")) return true;
  }
  return false;
}

const candidates = (img: Element): string[] => {
  const src = img.getAttribute("src")?.trim();
  return [...(src ? [src] : []), ...srcsetUrls(img.getAttribute("srcset"))];
};

function judge(page: Page) {
  const legacy: string[] = [];
  const unknown: string[] = [];
  let images = 0;
  for (const img of tags(page, "img")) {
    const urls = candidates(img);
    if (urls.length === 0) continue;
    images++;
    if (pictureOffersModern(img, page.url)) continue;
    const formats = urls.map((u) => formatOf(u, page.url));
    const legacyAt = formats.indexOf("legacy");
    const unknownAt = formats.indexOf("unknown");
    if (legacyAt !== -1) legacy.push(shortUrl(urls[legacyAt]!));
    else if (unknownAt !== -1) unknown.push(shortUrl(urls[unknownAt]!));
  }
  return { images, legacy, unknown };
}

export const imageFormat: Check = {
  id: "image_format",
  category: "performance",
  importance: "medium",
  title: "Raster images are served as AVIF or WebP",
  fix: "Serve photos and bitmaps as AVIF or WebP, or offer them in a <picture> with an AVIF/WebP <source>.",
  run(page) {
    const { images, legacy, unknown } = judge(page);
    // Not applicable: a page without images has nothing to convert.
    if (images === 0) return notApplicable("no images");
    const value = { images, not_modern: legacy.length + unknown.length };
    if (value.not_modern === 0) return pass(value);
    const errors: Record<string, unknown> = {};
    if (legacy.length > 0) errors.legacy_format = capList(legacy);
    // No extension to go by (an image service, a script URL): we cannot tell it is AVIF or WebP, so it does not pass.
    if (unknown.length > 0) errors.unknown_format = capList(unknown);
    return fail(value, errors);
  },
};

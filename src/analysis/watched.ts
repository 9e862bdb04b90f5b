import { countWords } from "./checks/content-length";
import { headerBlocks, metaBlocks } from "./checks/indexable";
import { metaContents, relTokens, textOf, titleElement } from "./checks/seo-helpers";
import { findStructuredData } from "./checks/structured-data";
import { headTags, tags } from "./parse";
import type { Page } from "./types";
import { textHash as hash53 } from "./text-hash";

/**
 * What SEO people watch on a page (docs/monitoring.md "Changes and alerts"), kept with each completed generation's
 * history row: compared with the previous generation's, it says what changed. Small by construction (under 2 KB as
 * JSON): every string is clipped and every list bounded.
 */
export interface Watched {
  status: number;
  /** Where the redirects ended (the requested URL when none). */
  final_url: string;
  title: string | null;
  description: string | null;
  h1: string | null;
  /** The first canonical <link> of the head, resolved against the page URL. */
  canonical: string | null;
  /** The robots directives as written: `meta robots: noindex`, `x-robots-tag: noindex`, in page order. */
  robots: string[];
  indexable: boolean;
  /** Why not, when not: the blocking directives and where they came from. */
  not_indexable_because: string | null;
  /** `lang url` pairs of <link rel="alternate" hreflang>, sorted. */
  hreflang: string[];
  /** schema.org types of JSON-LD, microdata and RDFa, without the vocabulary prefix, sorted. */
  types: string[];
  words: number;
  /** A hash of the visible text without the first H1 (the H1 is watched by itself), hex. */
  text_hash: string;
}

/** The record's bound as JSON (UTF-8 bytes): a crawl of 100,000 pages adds at most this much a page. */
export const MAX_WATCHED_BYTES = 2048;
const MAX_URL = 200;
const MAX_TEXT = 160;
const MAX_LIST = 8;
const encoder = new TextEncoder();
export const watchedBytes = (watched: Watched) => encoder.encode(JSON.stringify(watched)).length;

const clip = (text: string | null | undefined, max = MAX_TEXT) => (text == null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text);
const bounded = (list: string[], max = MAX_URL) => list.slice(0, MAX_LIST).map((item) => clip(item, max)!);

/** The site checks' 53-bit string hash (cyrb53), as hex: enough to tell two texts apart, synchronous. */
export const textHash = (text: string): string => hash53(text).toString(16).padStart(14, "0");

const SCHEMA_PREFIX = /^https?:\/\/(www\.)?schema\.org\//i;

function robotsOf(page: Page) {
  const metas = metaContents(page, "robots", "googlebot");
  const header = page.fetch.headers["x-robots-tag"] ?? null;
  const robots = metas.map((m) => `meta ${m.name}: ${m.content}`);
  if (header) robots.push(`x-robots-tag: ${header}`);
  const because = [
    ...metas.filter((m) => metaBlocks(m.content).length > 0).map((m) => `${metaBlocks(m.content).join(", ")} in meta ${m.name}`),
    ...(header && headerBlocks(header).length > 0 ? [`${headerBlocks(header).join(", ")} in x-robots-tag`] : []),
  ];
  return { robots: bounded(robots, 100), because: because.length > 0 ? clip(because.join("; ")) : null };
}

const resolved = (href: string | null | undefined, base: URL) => {
  if (!href) return null;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href.trim();
  }
};

/** Read from the parsed page the analysis already made: no request and no second parse. */
export function watchedOf(page: Page): Watched {
  const links = headTags(page, "link");
  const canonical = links.find((el) => relTokens(el).includes("canonical"));
  const hreflang = links
    .filter((el) => relTokens(el).includes("alternate") && el.hasAttribute("hreflang"))
    .map((el) => `${(el.getAttribute("hreflang") ?? "").trim().toLowerCase().slice(0, 20)} ${resolved(el.getAttribute("href"), page.url) ?? ""}`.trim())
    .sort();
  const data = findStructuredData(page);
  const types = [...new Set([...(data.json_ld ?? []), ...(data.microdata ?? []), ...(data.rdfa ?? [])].map((t) => t.replace(SCHEMA_PREFIX, "")))].sort();
  const h1 = tags(page, "h1")[0];
  const h1Text = h1 ? textOf(h1) : null;
  // The H1 is watched by itself: its text leaves the content hash so that one H1 edit is one change, not two.
  const rest = h1Text ? page.text.replace(h1Text, "") : page.text;
  const title = titleElement(page);
  const { robots, because } = robotsOf(page);
  return fitted({
    status: page.fetch.status,
    final_url: clip(page.fetch.finalUrl, MAX_URL)!,
    title: clip(title ? textOf(title) : null),
    description: clip(metaContents(page, "description")[0]?.content),
    h1: clip(h1Text),
    canonical: clip(resolved(canonical?.getAttribute("href"), page.url), MAX_URL),
    robots,
    indexable: because === null,
    not_indexable_because: because,
    hreflang: bounded(hreflang),
    types: bounded(types, 100),
    words: countWords(page.text),
    text_hash: textHash(rest),
  });
}

/**
 * Under MAX_WATCHED_BYTES whatever the page: the clips above keep an ordinary page far under it; a page of long
 * non-ASCII strings and full lists loses list entries from the end, longest list first, then has its texts cut short.
 */
export function fitted(watched: Watched): Watched {
  const fit = { ...watched, robots: [...watched.robots], hreflang: [...watched.hreflang], types: [...watched.types] };
  while (watchedBytes(fit) > MAX_WATCHED_BYTES) {
    const longest = [fit.hreflang, fit.types, fit.robots].sort((a, b) => b.length - a.length)[0]!;
    if (longest.length > 0) longest.pop();
    else {
      for (const key of ["title", "description", "h1", "not_indexable_because", "canonical", "final_url"] as const) fit[key] = clip(fit[key], 40)!;
      break;
    }
  }
  return fit;
}

import { isUncrawlable } from "./crawlable-anchors";
import { metaBlocks } from "./indexable";
import { metaContents, relTokens, inHead, textOf, titleElement } from "./seo-helpers";
import { tags } from "../parse";
import type { Page, PageSignals } from "../types";

/** Enough to judge a page's links; a page with more is compared on its first ones. */
export const MAX_SIGNAL_LINKS = 5_000;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Absolute http(s) target of a crawlable link, without its fragment; null for anything else. */
function linkTarget(a: Element, base: URL): string | null {
  if (isUncrawlable(a, base)) return null;
  const href = a.getAttribute("href");
  if (href === null || !URL.canParse(href.trim(), base)) return null;
  const url = new URL(href.trim(), base);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  return url.href;
}

export function crawlableLinks(page: Page): string[] {
  const found = new Set<string>();
  for (const a of tags(page, "a")) {
    const target = linkTarget(a, page.url);
    if (target !== null) found.add(target);
    if (found.size >= MAX_SIGNAL_LINKS) break;
  }
  return [...found];
}

/** Lower-cased words of a text with how often each occurs. */
export function wordCounts(text: string): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  for (const [word] of text.toLowerCase().matchAll(WORD)) counts[word] = (counts[word] ?? 0) + 1;
  return counts;
}

export function canonicalSignal(page: Page): string | null {
  const link = tags(page, "link").find((l) => inHead(l) && relTokens(l).includes("canonical") && (l.getAttribute("href") ?? "").trim() !== "");
  if (!link) return null;
  const href = link.getAttribute("href")!.trim();
  return URL.canParse(href, page.url) ? new URL(href, page.url).href : href;
}

export const titleSignal = (page: Page): string | null => {
  const title = titleElement(page);
  return title ? textOf(title) : null;
};
export const metaDescriptionSignal = (page: Page): string | null => metaContents(page, "description")[0]?.content ?? null;
export const h1Signal = (page: Page): string | null => {
  const h1 = tags(page, "h1")[0];
  return h1 ? textOf(h1) : null;
};
/** What the meta tags say, as indexable reads them. */
export const noindexSignal = (page: Page): boolean => metaContents(page, "robots", "googlebot").some(({ content }) => metaBlocks(content).length > 0);

/** What the rendering checks compare, read from one parsed page (raw or rendered) the same way. */
export function pageSignals(page: Page): PageSignals {
  return {
    title: titleSignal(page),
    metaDescription: metaDescriptionSignal(page),
    h1: h1Signal(page),
    canonical: canonicalSignal(page),
    noindex: noindexSignal(page),
    links: crawlableLinks(page),
    words: wordCounts(page.text),
  };
}

import { textHash } from "../../analysis/text-hash";
import type { PageFacts } from "../page-facts";

/** What the checks that compare two pages need of an audited page: a few numbers, never its links or texts. */
export interface IndexedPage {
  /** The page's place in the crawl (the order batches come in): tells two entries of one page apart from two pages. */
  seq: number;
  status: number;
  noindex: boolean;
  redirects: number;
  urlHash: number;
  finalHash: number;
  /** Hashes of its hreflang alternates. */
  hreflang: number[];
}

/**
 * Audited pages by the hash of the URL the crawl asked for and of their final URL (a page's asked URL wins over an
 * earlier page's final URL): built in the first pass over the batches, read by the second.
 */
export interface PageIndex {
  byHash: Map<number, IndexedPage>;
  size: number;
}

export const emptyPageIndex = (): PageIndex => ({ byHash: new Map(), size: 0 });

/** Takes the pages as site/checks/types.ts `SitePage`s are (named here in their shape: that module names this one). */
export function indexPages(index: PageIndex, pages: readonly { url: string; state: string; facts: PageFacts | null }[]): void {
  for (const page of pages) {
    if (page.state !== "audited" || page.facts === null) continue;
    const { facts } = page;
    const entry: IndexedPage = {
      seq: index.size++,
      status: facts.status,
      noindex: facts.noindex,
      redirects: facts.redirects,
      urlHash: textHash(page.url),
      finalHash: textHash(facts.url),
      hreflang: facts.hreflang.map(textHash),
    };
    index.byHash.set(entry.urlHash, entry);
    if (!index.byHash.has(entry.finalHash)) index.byHash.set(entry.finalHash, entry);
  }
}

export const indexed = (index: PageIndex, url: string): IndexedPage | undefined => index.byHash.get(textHash(url));

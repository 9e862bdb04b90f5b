import { resultForScore, type ResultLabel } from "../analysis/score";
import type { Seed } from "./discovery/discover-urls";
import { foundViaOf, type CrawlPageState } from "./terms";

/*
 * A crawl's frontier (docs/crawls.md "Link discovery"): which URLs a crawl visits next from what it found, and the
 * crawl's score from its pages. Plain functions over plain data, run by both crawl engines: the command line's crawl
 * holds its pages in memory (src/cli/crawl-site.ts); the service's crawl keeps them as rows and applies these
 * decisions with set-based statements (src/crawls/expand-links.ts, crawl-pages.ts, finalize-crawl.ts). Neither
 * decides on its own which link becomes a page, how deep, or what the crawl scores.
 */

/** A URL the crawl knows: clicks from the nearest seed, how it was found, and robots.txt's verdict on it. */
export type FrontierPage = Seed;

/** What the frontier needs to judge a link: the crawl's host, how deep it goes, and robots.txt's verdict. */
export interface FrontierRules {
  host: string;
  /** MAX_CRAWL_DEPTH: clicks from a seed beyond which a link reaches only pages already known. */
  maxDepth: number;
  allowed: (url: string) => boolean;
}

/** An audited page whose links the crawl follows: its depth, the URLs it answers to (requested and final), its links. */
export interface LinkingPage {
  depth: number;
  urls: string[];
  links: string[];
}

/**
 * What one audited page's links bring: `reached` are the known pages they mark linked (one click deeper than the
 * page, if that is shallower than the depth they have); `candidates` the pages they may add, in link order, while
 * the crawl has room (none past maxDepth).
 */
export interface LinkFinds {
  depth: number;
  reached: string[];
  candidates: FrontierPage[];
}

/** A page's state when the crawl first writes it: robots.txt's verdict decides whether it is ever fetched. */
export const firstState = (page: Pick<FrontierPage, "blocked">): CrawlPageState => (page.blocked ? "blocked" : "pending");

/** A fetched page's state once its analysis has ended. */
export const settledState = (audited: boolean): Exclude<CrawlPageState, "pending" | "blocked"> => (audited ? "audited" : "failed");

/** The same-host links of an audited page, but for its links to itself (requested or final URL). */
export function linkFinds(page: LinkingPage, rules: FrontierRules): LinkFinds {
  const reached = page.links.filter((url) => new URL(url).hostname === rules.host && !page.urls.includes(url));
  const depth = page.depth + 1;
  const candidates =
    depth > rules.maxDepth ? [] : reached.map((url) => ({ url, depth, inSitemap: false, linked: true, blocked: !rules.allowed(url) }));
  return { depth, reached, candidates };
}

/** How many more pages a crawl of `limit` pages may add when it knows `known`. */
export const roomLeft = (limit: number, known: number) => Math.max(0, limit - known);

/**
 * Applies an audited page's finds to the pages known in memory: the reached ones learn they are linked (and their
 * lowest depth), new candidates join while there is room. Returns the pages added (in link order) and whether any
 * candidate was left out for want of room (the crawl is then truncated).
 */
export function addFinds(known: Map<string, FrontierPage>, finds: LinkFinds, limit: number): { added: FrontierPage[]; leftOut: boolean } {
  for (const url of finds.reached) {
    const seen = known.get(url);
    if (seen) Object.assign(seen, { linked: true, depth: Math.min(seen.depth, finds.depth) });
  }
  const added: FrontierPage[] = [];
  let leftOut = false;
  for (const candidate of finds.candidates) {
    if (known.has(candidate.url)) continue;
    if (roomLeft(limit, known.size) === 0) {
      leftOut = true;
      continue;
    }
    const page = { ...candidate };
    known.set(page.url, page);
    added.push(page);
  }
  return { added, leftOut };
}

/** How a page was found, as its row and the CLI's report say it (known once the crawl ends). */
export { foundViaOf };

/** The audited pages' scores (error pages left out by the callers), summed and counted: a memory crawl adds them up, a D1 one asks SQL for the two. */
export interface ScoreTally {
  sum: number;
  count: number;
}

export const tallyScores = (scores: number[]): ScoreTally => ({ sum: scores.reduce((sum, one) => sum + one, 0), count: scores.length });

/**
 * The crawl's score: the mean of its audited pages' scores, error pages left out (issues/error-pages.ts), rounded,
 * and its label; none without such a page.
 */
export function crawlScore(tally: ScoreTally): { score: number | null; result: ResultLabel | null } {
  if (tally.count === 0) return { score: null, result: null };
  const score = Math.round(tally.sum / tally.count);
  return { score, result: resultForScore(score) };
}

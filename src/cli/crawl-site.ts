import type { AnalysisOutcome } from "../analysis/analyze";
import type { ResultLabel } from "../analysis/score";
import { checkLink } from "../analysis/check-link";
import type { AnalysisOptions } from "../analysis/settings";
import type { CrawlSettings } from "../config";
import { discoverUrls, type DiscoveryInput } from "../site/discovery/discover-urls";
import { pause } from "../site/discovery/pause";
import { robotsPolicy } from "../site/discovery/robots-rules";
import { planLinkChecks } from "../site/link-plan";
import { pageFactsOf, type PageFacts } from "../site/page-facts";
import { runLinkChecks } from "../site/run-link-checks";
import { runSiteChecks, siteContextOf } from "../site/checks/index";
import { auditPage } from "./audit";
import type { SiteVerdict } from "../site/checks/types";
import { addFinds, crawlScore, foundViaOf, linkFinds, settledState, tallyScores, type FrontierPage } from "../site/crawl-frontier";
import { followsLinks, type CrawlFoundVia, type CrawlPageState } from "../site/terms";
import { failedCheckIds } from "../site/issues/check-info";
import { isErrorPage } from "../site/issues/error-pages";

/** One page of an in-process crawl: its analysis when it was fetched, nothing when robots.txt disallows it. */
export interface CrawledPage {
  url: string;
  inSitemap: boolean;
  /** As a service crawl's page: clicks from the nearest seed, and how it was found (known once the crawl ends). */
  depth: number;
  foundVia: CrawlFoundVia;
  state: Exclude<CrawlPageState, "pending">;
  outcome: AnalysisOutcome | null;
}

export type SiteCrawl =
  | {
      ok: true;
      discoveredBy: "sitemap" | "links";
      found: number;
      skipped: number;
      truncated: boolean;
      pages: CrawledPage[];
      siteChecks: Record<string, SiteVerdict>;
      /** Mean score of the audited pages, rounded, as a service crawl's. */
      score: number | null;
      result: ResultLabel | null;
    }
  | { ok: false; code: string; message: string };

/**
 * A crawl as the service runs one (docs/crawls.md), in this process and with nothing stored: the same discovery,
 * one fetch at a time with the interval (or Crawl-delay) after each ends, robots.txt obeyed, same-host links followed
 * breadth first to `maxDepth` (every source but `sitemap`), then the same link checks (one at a time on the site, spaced
 * like its pages) and site checks over the pages' facts.
 */
export async function crawlSite(
  crawl: DiscoveryInput,
  options: AnalysisOptions,
  { maxDepth, linkChecks }: Pick<CrawlSettings, "maxDepth" | "linkChecks">,
  onPage: (page: CrawledPage, done: number, known: number) => void,
): Promise<SiteCrawl> {
  const discovered = await discoverUrls(crawl, options);
  if (!discovered.ok) return { ok: false, code: discovered.code, message: discovered.message };
  const { site, intervalMs, discoveredBy } = discovered;
  const allowed = robotsPolicy(site.robots);
  const rules = { host: new URL(crawl.url).hostname, maxDepth, allowed };
  const queue: FrontierPage[] = discovered.seeds.map((seed) => ({ ...seed }));
  const known = new Map(queue.map((page) => [page.url, page]));
  let truncated = discovered.truncated;
  const pages: CrawledPage[] = [];
  const facts = new Map<string, PageFacts>();
  let lastFetchEnd = Date.now();

  for (let i = 0; i < queue.length; i++) {
    const next = queue[i]!;
    const page = (state: CrawledPage["state"], outcome: AnalysisOutcome | null): CrawledPage => ({
      url: next.url,
      inSitemap: next.inSitemap,
      depth: next.depth,
      foundVia: foundViaOf(next),
      state,
      outcome,
    });
    if (next.blocked) {
      pages.push(page("blocked", null));
      onPage(pages.at(-1)!, pages.length, queue.length);
      continue;
    }
    await pause(lastFetchEnd, intervalMs);
    const read: { facts?: PageFacts } = {};
    const outcome = await auditPage(next.url, { ...options, site, onPage: (parsed) => void (read.facts = pageFactsOf(parsed)) });
    lastFetchEnd = Date.now();
    pages.push(page(settledState(outcome.ok), outcome));
    if (outcome.ok && read.facts) {
      facts.set(next.url, read.facts);
      if (followsLinks(crawl.source)) {
        const finds = linkFinds({ depth: next.depth, urls: [next.url, read.facts.url], links: read.facts.links }, rules);
        const { added, leftOut } = addFinds(known, finds, crawl.limit);
        queue.push(...added);
        truncated ||= leftOut;
      }
    }
    onPage(pages.at(-1)!, pages.length, queue.length);
  }

  // A page audited before a later link reached it learns it now, as a service crawl's row does.
  for (const page of pages) Object.assign(page, { depth: known.get(page.url)!.depth, foundVia: foundViaOf(known.get(page.url)!) });
  const sitePages = pages.map((page) => ({ url: page.url, state: page.state, inSitemap: page.inSitemap, facts: facts.get(page.url) ?? null }));
  // The link checks of a service crawl, in process: the same plan and bounds, internal ones spaced like the pages.
  const planned = planLinkChecks({ pages: sitePages }, allowed, linkChecks);
  const answers = await runLinkChecks(
    planned.filter((link) => link.answer === null),
    {
      check: (url) => checkLink(url, options),
      async turn() {
        await pause(lastFetchEnd, intervalMs);
        return true;
      },
      async turnEnded() {
        lastFetchEnd = Date.now();
      },
    },
  );
  for (const link of planned) if (link.answer) answers.set(link.url, link.answer);
  const siteChecks = runSiteChecks({ pages: sitePages, ...siteContextOf({ discoveredBy, truncated, source: crawl.source, siteFacts: site }, answers) });
  // Error pages are not scored (src/site/issues/error-pages.ts), as in a service crawl.
  const scored = pages.flatMap((page) => (page.outcome?.ok && !isErrorPage(failedCheckIds(page.outcome.results)) ? [page.outcome.score] : []));
  const { score, result } = crawlScore(tallyScores(scored));
  return {
    ok: true,
    discoveredBy,
    found: Math.max(discovered.found, known.size),
    skipped: discovered.skipped,
    truncated,
    pages,
    siteChecks,
    score,
    result,
  };
}

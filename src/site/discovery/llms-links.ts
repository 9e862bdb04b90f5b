import { probeAnswer } from "../../analysis/site-facts";
import type { AnalysisOptions } from "../../analysis/settings";
import type { LlmsTxtFacts, SiteFacts } from "../../analysis/types";
import { normalizeCrawlUrl } from "./normalize-url";

/**
 * URLs listed in llms.txt that the crawl will not audit are asked for during discovery, at most this many, one per
 * crawl interval, each within the site facts' deadline (docs/crawls.md `llms_txt_links`).
 */
export const LLMS_LINKS_PROBED = 10;

/** How a URL llms.txt lists answered: final status (null when no answer came) and the redirects before it. */
export interface LlmsLinkAnswer {
  url: string;
  status: number | null;
  redirects: number;
}

/** A crawl's site facts: the ones every page shares, plus the answers of llms.txt's URLs discovery asked for. */
export type CrawlSiteFacts = SiteFacts & { llmsLinks?: LlmsLinkAnswer[] };

/** The same-host URLs llms.txt lists, normalised as the crawl's pages are. */
export const llmsListed = (llms: LlmsTxtFacts | undefined): string[] => [
  ...new Set((llms?.digest?.sameHost ?? []).map((url) => normalizeCrawlUrl(url)).filter((url): url is string => url !== null)),
];

/** What `llms_txt_links` reads of a crawl's site facts: null without an llms.txt (no 2xx answer). */
export interface LlmsView {
  listed: string[];
  listedCount: number;
  answers: LlmsLinkAnswer[];
}

export function llmsView(site: CrawlSiteFacts | null): LlmsView | null {
  if (!site?.llms?.digest) return null;
  return { listed: llmsListed(site.llms), listedCount: site.llms.digest.sameHostCount, answers: site.llmsLinks ?? [] };
}

/**
 * Asks for the listed URLs no page of the crawl will cover (`skip`: the seeds) and robots.txt lets us fetch, in
 * file order, spaced by the crawl's interval like every other request of discovery.
 */
export async function probeLlmsLinks(
  llms: LlmsTxtFacts | undefined,
  skip: (url: string) => boolean,
  analysis: AnalysisOptions,
  intervalMs: number,
  sleep: (ms: number) => Promise<unknown>,
): Promise<LlmsLinkAnswer[]> {
  const answers: LlmsLinkAnswer[] = [];
  for (const url of llmsListed(llms).filter((u) => !skip(u)).slice(0, LLMS_LINKS_PROBED)) {
    const answer = await probeAnswer(url, analysis);
    answers.push({ url, status: answer?.status ?? null, redirects: answer?.redirects ?? 0 });
    await sleep(intervalMs);
  }
  return answers;
}

import { checks } from "./checks/index";
import { withDomGate } from "./dom-gate";
import { fetchPage } from "./fetch-page";
import { parsePage } from "./parse";
import { notePartialRead } from "./partial-read";
import { scoreResults, type ResultLabel } from "./score";
import type { AnalysisOptions } from "./settings";
import { fetchSiteFacts } from "./site-facts";
import type { Check, FetchFacts, Page, Results, SiteFacts, Verdict } from "./types";

export type AnalysisOutcome =
  | { ok: true; finalUrl: string; score: number; result: ResultLabel; issues: { high: number; medium: number; low: number }; results: Results }
  | { ok: false; code: string; message: string; temporary: boolean };

/**
 * Fetches a page and its site facts, then runs every check. A page that cannot be analysed is a
 * value ({ ok: false, code }); `temporary` says whether trying again later may help.
 * `trustedOrigin` is the test-only escape of FetchOptions.
 */
export async function analyzePage(
  url: string,
  // A crawl passes the site facts it fetched once for all its pages, and reads its compact facts off the parsed page.
  options: AnalysisOptions & { trustedOrigin?: string; site?: SiteFacts; onPage?: (page: Page) => void },
): Promise<AnalysisOutcome> {
  // robots.txt and the 404 probe go out beside the page (one round trip to the site, not two); only a page that
  // redirects to another origin has them fetched again for that origin. They never reject, but a bad URL would.
  const early = options.site ? null : fetchSiteFacts(url, options).catch(() => null);
  // The body holds its share of the byte budget until the checks are done with the page.
  const bodyLease = options.bodyBudget?.open();
  try {
    const fetched = await fetchPage(url, { ...options, bodyLease });
    if (!fetched.ok) return fetched;
    const sameOrigin = new URL(fetched.facts.finalUrl).origin === new URL(url).origin;
    const site = options.site ?? ((sameOrigin && (await early)) || (await fetchSiteFacts(fetched.facts.finalUrl, options)));
    return await withDomGate(() => parseAndCheck(url, fetched.facts, site, options));
  } finally {
    bodyLease?.release();
  }
}

function parseAndCheck(
  url: string,
  facts: FetchFacts,
  site: SiteFacts,
  options: AnalysisOptions & { onPage?: (page: Page) => void },
): AnalysisOutcome {
  let current: Check | undefined;
  try {
    const page: Page = parsePage(facts, site, options.settings);
    const verdicts: { check: Check; verdict: Verdict }[] = [];
    for (const check of checks) {
      current = check;
      verdicts.push({ check, verdict: notePartialRead(page, check, check.run(page)) });
    }
    current = undefined;
    options.onPage?.(page);
    return { ok: true, finalUrl: facts.finalUrl, ...scoreResults(verdicts) };
  } catch (error) {
    // A bug, not a page problem: fail this report loudly rather than store a score missing a check.
    console.error("analysis failed", { url, check: current?.id, error });
    const step = current ? `running the ${current.id} check` : "parsing the page";
    return { ok: false, code: "analysis_failed", message: `The analysis failed while ${step}.`, temporary: false };
  }
}

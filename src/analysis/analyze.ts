import { fetchAgentMarkdown } from "./agent-markdown";
import { allChecks, checks, renderingChecks } from "./checks/index";
import { withDomGate } from "./dom-gate";
import { fetchPage, type FetchOptions } from "./fetch-page";
import { parsePage } from "./parse";
import { notePartialRead } from "./partial-read";
import { renderPage, type RenderOptions, type Rendered } from "./render-page";
import { pageSignals } from "./checks/render-signals";
import { scoreResults, type ResultLabel } from "./score";
import type { AnalysisOptions } from "./settings";
import { fetchSiteFacts } from "./site-facts";
import { defaultDevice } from "./lab-device";
import type { Check, FetchFacts, FieldFacts, FieldRecord, LabMetrics, Page, PageSignals, Results, SiteFacts, Verdict } from "./types";
import { watchedOf, type Watched } from "./watched";

export type AnalysisOutcome =
  | {
      ok: true;
      finalUrl: string;
      score: number;
      result: ResultLabel;
      issues: { high: number; medium: number; low: number };
      results: Results;
      /** The rendered page's lab metrics (docs/analysis.md "Page experience"); null when not rendered or not measured. */
      metrics?: LabMetrics | null;
      /** The Chrome UX Report record `core_web_vitals` judged (docs/analysis.md "Field data"); null without one. */
      field?: FieldRecord | null;
      /** What changes are computed from (docs/monitoring.md "Changes and alerts"): read off the page the checks read. */
      watched?: Watched;
    }
  | { ok: false; code: string; message: string; temporary: boolean };

/**
 * The checks about the response itself: on a rendered audit they keep reading the raw response (docs/rendering.md),
 * every other check reads the rendered page.
 */
export const RESPONSE_LEVEL_CHECKS: ReadonlySet<string> = new Set([
  "http_status",
  "text_compression",
  "load_time",
  "page_size",
  "server_signature",
  "hsts",
  "security_headers",
  "doctype",
]);

export type AnalyzePageOptions = AnalysisOptions &
  RenderOptions & {
    trustedOrigin?: string;
    site?: SiteFacts;
    onPage?: (page: Page) => void;
    onAnswer?: FetchOptions["onAnswer"];
  };

/**
 * Fetches a page and its site facts, then runs every check. A page that cannot be analysed is a
 * value ({ ok: false, code }); `temporary` says whether trying again later may help.
 * `trustedOrigin` is the test-only escape of FetchOptions. With `render`, the same URL is also loaded in a
 * browser and the checks read what it built (docs/rendering.md); a failed render fails the analysis.
 */
export async function analyzePage(
  url: string,
  // A crawl passes the site facts it fetched once for all its pages, and reads its compact facts off the parsed page.
  options: AnalyzePageOptions,
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
    const siteFacts = options.site ?? ((sameOrigin && (await early)) || fetchSiteFacts(fetched.facts.finalUrl, options));
    // What real visitors saw of the page the redirects end at (CrUX keys its records by the URL visitors land on, so a
    // redirecting URL has none of its own): asked beside the render and the site facts; a cached answer costs one D1
    // read, a query a round trip.
    const field = options.fieldData?.(fetched.facts.finalUrl, options.device ?? defaultDevice);
    // The browser loads the page while robots.txt, the 404 probe and the page's markdown answer finish.
    // The schema.org table is read once per isolate (its source keeps it), so only the first page waits for it.
    const [site, rendered, markdown, schemaVocabulary, fieldFacts] = await Promise.all([
      siteFacts,
      options.render ? renderPage(url, options.render, options) : null,
      fetchAgentMarkdown(fetched.facts, options),
      options.schemaVocabulary?.() ?? null,
      field,
    ]);
    if (rendered && !rendered.ok) return rendered;
    return await withDomGate(() => parseAndCheck(url, { ...fetched.facts, markdown, schemaVocabulary }, site, options, rendered, fieldFacts));
  } finally {
    bodyLease?.release();
  }
}

/** Parses the raw HTML, lets `use` read it, and keeps only its signals: the DOM is garbage once this returns. */
function rawSignals(facts: FetchFacts, site: SiteFacts, options: AnalysisOptions, use: (page: Page) => void): PageSignals {
  const page = parsePage(facts, site, options.settings);
  use(page);
  return pageSignals(page);
}

function parseAndCheck(
  url: string,
  facts: FetchFacts,
  site: SiteFacts,
  options: AnalysisOptions & { onPage?: (page: Page) => void },
  rendered: Rendered | null,
  field: FieldFacts | undefined,
): AnalysisOutcome {
  let current: Check | undefined;
  const verdicts = new Map<Check, Verdict>();
  const runOn = (page: Page, which: readonly Check[]) => {
    for (const check of which) {
      current = check;
      verdicts.set(check, notePartialRead(page, check, check.run(page)));
    }
    current = undefined;
  };
  try {
    let page: Page;
    if (rendered) {
      // One DOM at a time: the raw page answers the response-level checks and gives the small facts the comparison
      // needs inside rawSignals, and is dropped on its return, before the rendered HTML is parsed.
      const raw = rawSignals(facts, site, options, (rawPage) => runOn(rawPage, checks.filter((c) => RESPONSE_LEVEL_CHECKS.has(c.id))));
      const renderedFacts: FetchFacts = { ...facts, finalUrl: rendered.finalUrl, html: rendered.html, bytes: rendered.bytes, truncated: false };
      page = { ...parsePage(renderedFacts, site, options.settings), rendering: { raw, ...rendered.browser }, field };
      runOn(page, [...checks.filter((check) => !RESPONSE_LEVEL_CHECKS.has(check.id)), ...renderingChecks]);
    } else {
      page = { ...parsePage(facts, site, options.settings), field };
      runOn(page, checks);
    }
    options.onPage?.(page);
    // In registry order, whichever page answered.
    const ordered = allChecks.filter((check) => verdicts.has(check)).map((check) => ({ check, verdict: verdicts.get(check)! }));
    const lab = page.rendering?.lab;
    return { ok: true, finalUrl: facts.finalUrl, ...scoreResults(ordered), metrics: lab?.ok ? lab.metrics : null, field: field?.ok ? field.record : null, watched: watchedOf(page) };
  } catch (error) {
    // A bug, not a page problem: fail this report loudly rather than store a score missing a check.
    console.error("analysis failed", { url, check: current?.id, error });
    const step = current ? `running the ${current.id} check` : "parsing the page";
    return { ok: false, code: "analysis_failed", message: `The analysis failed while ${step}.`, temporary: false };
  }
}

import { pageSignals } from "../../src/analysis/checks/render-signals";
import { parsePage } from "../../src/analysis/parse";
import { VOCABULARY } from "../../src/analysis/structured-data/vocabulary-data";
import { defaultCheckSettings, type CheckSettings, type FetchFacts, type LabMetrics, type Page, type SiteFacts } from "../../src/analysis/types";

export interface PageOptions {
  url?: string;
  headers?: Record<string, string>;
  status?: number;
  ttfbMs?: number;
  totalMs?: number;
  bytes?: number;
  robots?: Partial<SiteFacts["robots"]>;
  notFoundStatus?: number | null;
  llms?: SiteFacts["llms"];
  settings?: Partial<CheckSettings>;
}

/** A parsed page built from a tiny HTML fixture, as the analysis would see it. */
export function makePage(html: string, options: PageOptions = {}): Page {
  const url = options.url ?? "https://example.com/page";
  const headers = Object.fromEntries(
    Object.entries({ "content-type": "text/html; charset=utf-8", ...options.headers }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const fetch: FetchFacts = {
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: options.status ?? 200,
    headers,
    ttfbMs: options.ttfbMs ?? 100,
    totalMs: options.totalMs ?? 200,
    bytes: options.bytes ?? new TextEncoder().encode(html).length,
    truncated: false,
    contentEncoding: headers["content-encoding"] ?? null,
    html,
    // What the analysis gathers beside every page (structured_data_valid and rich_results read it).
    schemaVocabulary: VOCABULARY,
  };
  const site: SiteFacts = {
    robots: { url: new URL("/robots.txt", url).href, status: 404, body: null, ...options.robots },
    notFoundStatus: options.notFoundStatus === undefined ? 404 : options.notFoundStatus,
    llms: options.llms ?? { url: new URL("/llms.txt", url).href, status: 404, error: null, digest: null },
  };
  return parsePage(fetch, site, { ...defaultCheckSettings, ...options.settings });
}

/**
 * The rendered page of a rendered audit, from a raw and a rendered fixture: the raw one is parsed for its signals
 * only, as the analysis does, and the rendered one carries them with what the browser reported.
 */
export function makeRenderedPage(
  rawHtml: string,
  renderedHtml: string,
  options: PageOptions & { errors?: string[]; failedRequests?: number; blockedRequests?: number } = {},
): Page {
  const raw = pageSignals(makePage(rawHtml, options));
  const { errors = [], failedRequests = 0, blockedRequests = 0 } = options;
  return { ...makePage(renderedHtml, options), rendering: { raw, errors, failedRequests, blockedRequests, browserMs: 100 } };
}

/** Lab metrics of a fast, quiet page; a test overrides what it is about. */
export function labMetrics(overrides: Partial<LabMetrics> = {}): LabMetrics {
  return {
    device: "mobile",
    lcp_ms: 1200,
    lcp_element: { selector: "body > main > p", snippet: "<p>" },
    cls: 0,
    layout_shifts: [],
    fcp_ms: 800,
    ttfb_ms: 100,
    tbt_ms: 0,
    long_tasks: 0,
    longest_task_ms: 0,
    bytes: 20_000,
    bytes_by_type: { document: 20_000 },
    requests: 1,
    dom_elements: 40,
    ...overrides,
  };
}

/** A rendered page that measured `lab` (or could not measure, with a message) while it loaded. */
export function measuredPage(lab: LabMetrics | string): Page {
  const page = makeRenderedPage("<p>x</p>", "<p>x</p>");
  return { ...page, rendering: { ...page.rendering!, lab: typeof lab === "string" ? { ok: false, message: lab } : { ok: true, metrics: lab } } };
}
